// Scratch: per-call CPU of one client method vs bare ky, canned fetch, interleaved rounds.

import { basicAuth, CalendarClient } from '@clientkit/calendar-client';
import { DocsClient } from '@clientkit/docs-client';
import { IdmClient } from '@clientkit/idm-client';
import { MailClient } from '@clientkit/mail-client';
import { MeteringClient } from '@clientkit/metering-client';
import ky from 'ky';

const body = JSON.stringify({
  id: 'x',
  object: 'space',
  title: 'Handbook',
  items: Array.from({ length: 5 }, (_, i) => ({ i, name: `n${i}` })),
});
const headers = { 'content-type': 'application/json' };
const canned = async () => new Response(body, { status: 200, headers });
const O = 'http://127.0.0.1:4010';
const only = process.argv[2];
const cases = {
  docs: [
    () => {
      const c = new DocsClient({ baseUrl: O, token: 't', fetch: canned });
      return () => c.spaces.get('space_handbook');
    },
    {
      method: 'GET',
      url: `${O}/v1/spaces/space_handbook`,
      headers: { authorization: 'Bearer t', accept: 'application/json' },
    },
  ],
  idm: [
    () => {
      const c = new IdmClient({ baseUrl: O, token: 't', fetch: canned });
      return () => c.clients.get('abc');
    },
    {
      method: 'GET',
      url: `${O}/api/v2/clients/abc`,
      headers: { authorization: 'Bearer t', accept: 'application/json' },
    },
  ],
  mail: [
    () => {
      const c = new MailClient({ baseUrl: O, accountToken: 't', fetch: canned });
      return () => c.servers.get(1);
    },
    {
      method: 'GET',
      url: `${O}/servers/1`,
      headers: { 'x-mail-account-token': 't', accept: 'application/json' },
    },
  ],
  cal: [
    () => {
      const c = new CalendarClient({ baseUrl: O, auth: basicAuth('a', 'b'), fetch: canned });
      return () => c.events.get(5);
    },
    {
      method: 'GET',
      url: `${O}/wp-json/calendar/events/v1/events/5`,
      headers: { authorization: 'Basic YTpi', accept: 'application/json' },
    },
  ],
  meter: [
    () => {
      const c = new MeteringClient({ baseUrl: O, apiKey: 'sk_test_x', fetch: canned });
      return () => c.sessions.create();
    },
    {
      method: 'POST',
      url: `${O}/v2/billing/meter_event_session`,
      headers: { authorization: 'Bearer sk_test_x', accept: 'application/json' },
    },
  ],
};
const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
async function per(call, n) {
  const s = cpu();
  for (let i = 0; i < n; i++) await call();
  return (cpu() - s) / n;
}
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const N = Number(process.env.N ?? 400),
  R = Number(process.env.R ?? 15);
const profOnly = process.env.PROF === '1';
for (const [name, [make, wire]] of Object.entries(cases)) {
  if (only && only !== name) continue;
  const ours = make();
  const bare = () =>
    ky(wire.url, { method: wire.method, headers: wire.headers, fetch: canned }).json();
  if (profOnly) {
    const f = process.env.BARE ? bare : ours;
    for (let i = 0; i < 20000; i++) await f();
    continue;
  }
  for (let i = 0; i < 1000; i++) {
    await ours();
    await bare();
  }
  const a = [],
    b = [],
    d = [];
  for (let r = 0; r < R; r++) {
    const x = r % 2 ? await per(ours, N) : undefined;
    const y = await per(bare, N);
    const z = x ?? (await per(ours, N));
    a.push(z);
    b.push(y);
    d.push(z - y);
  }
  const min = (x) => Math.min(...x);
  console.log(
    `${name.padEnd(6)} ours ${med(a).toFixed(1)}  ky ${med(b).toFixed(1)}  diff(med) ${med(d).toFixed(1)} µs  ratio ${(med(a) / med(b)).toFixed(2)} | min ours ${min(a).toFixed(1)} ky ${min(b).toFixed(1)} diff ${(min(a) - min(b)).toFixed(1)}`,
  );
}
