// Scratch: ours vs ky with our options vs bare ky, docs.spaces.get, canned fetch, interleaved.

import { DocsClient } from '@clientkit/docs-client';
import ky from 'ky';

const body = JSON.stringify({
  id: 'x',
  object: 'space',
  title: 'Handbook',
  items: Array.from({ length: 5 }, (_, i) => ({ i, name: `n${i}` })),
});
const rh = { 'content-type': 'application/json' };
const canned = async () => new Response(body, { status: 200, headers: rh });
const O = 'http://127.0.0.1:4010';
const url = `${O}/v1/spaces/space_handbook`;
const c = new DocsClient({ baseUrl: O, token: 't', fetch: canned });
const codes = [408, 409, 429, 500, 502, 503, 504];
const retry = () => ({
  statusCodes: [...codes],
  afterStatusCodes: [...codes],
  maxRetryAfter: 60000,
  delay: (n) => n,
  jitter: (d) => d,
  retryOnTimeout: true,
  shouldRetry: () => undefined,
});
const r1 = retry();
const wrapFetch = (i, init) =>
  canned(i, init).catch((e) => {
    throw e;
  });
const V = {
  bare: () =>
    ky(url, {
      method: 'GET',
      headers: { authorization: 'Bearer t', accept: 'application/json' },
      fetch: canned,
    }).json(),
  bare3h: () =>
    ky(url, {
      method: 'GET',
      headers: {
        authorization: 'Bearer t',
        accept: 'application/json',
        'user-agent': 'clientkit/0.1.0',
      },
      fetch: canned,
    }).json(),
  bareT: () =>
    ky(url, {
      method: 'GET',
      headers: { authorization: 'Bearer t', accept: 'application/json' },
      fetch: canned,
      timeout: 60000,
    }).json(),
  bareR: () =>
    ky(url, {
      method: 'GET',
      headers: { authorization: 'Bearer t', accept: 'application/json' },
      fetch: canned,
      retry: r1,
    }).json(),
  kyOurs: () =>
    ky(url, {
      method: 'GET',
      headers: {
        accept: 'application/json',
        'user-agent': 'clientkit/0.1.0',
        authorization: 'Bearer t',
      },
      timeout: 60000,
      fetch: wrapFetch,
      retry: r1,
    })
      .then((r) => r.text())
      .then(JSON.parse),
  ours: () => c.spaces.get('space_handbook'),
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
if (process.env.ONLY) {
  const f = V[process.env.ONLY];
  for (let i = 0; i < 30000; i++) await f();
  process.exit(0);
}
const names = Object.keys(V);
for (const n of names) for (let i = 0; i < 2000; i++) await V[n]();
const s = Object.fromEntries(names.map((n) => [n, []]));
const R = Number(process.env.R ?? 40);
for (let r = 0; r < R; r++)
  for (let i = 0; i < names.length; i++) {
    const n = names[(i + r) % names.length];
    s[n].push(await per(V[n], Number(process.env.N ?? 200)));
  }
const base = med(s.bare);
const pd = (a, b) => med(s[a].map((x, i) => x - s[b][i])).toFixed(1);
console.log(
  'paired: ours-kyOurs',
  pd('ours', 'kyOurs'),
  'kyOurs-bare',
  pd('kyOurs', 'bare'),
  'ours-bare',
  pd('ours', 'bare'),
  'bareR-bare',
  pd('bareR', 'bare'),
  'bareT-bare',
  pd('bareT', 'bare'),
  'bare3h-bare',
  pd('bare3h', 'bare'),
);
for (const n of names)
  console.log(
    n.padEnd(8),
    med(s[n]).toFixed(1).padStart(6),
    ('+' + (med(s[n]) - base).toFixed(1)).padStart(7),
    ' min',
    Math.min(...s[n]).toFixed(1),
  );
