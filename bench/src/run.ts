import { spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CalendarClient } from '@clientkit/calendar-client';
import { DocsClient } from '@clientkit/docs-client';
import { IdmClient } from '@clientkit/idm-client';
import { MailClient } from '@clientkit/mail-client';
import { measureImportTimes } from './import-time';
import { benchMeteringStream } from './metering-stream';
import { benchPaginators } from './paginators';
import { type CallCase, measurePerCall, perCallRows } from './per-call';
import { admin, startServerProcess } from './server-process';
import { requestsPerSecond } from './server-throughput';
import { formatRatio, nowMs } from './stats';

// `pnpm bench`: every figure in one run, each SDK against hand-written fetch on the same reference
// server. Set BENCH_QUICK=1 for a short smoke run.
const quick = process.env.BENCH_QUICK === '1';
const benchDir = dirname(dirname(fileURLToPath(import.meta.url)));
const started = nowMs();

interface Captured {
  url: string;
  init: RequestInit;
}

/**
 * Records the exact request an SDK call sends (URL, method, headers, body), so that the raw-fetch
 * baseline sends byte for byte the same request and parses the same JSON answer.
 */
async function captureRequest(
  call: (fetchImpl: typeof fetch) => Promise<unknown>,
): Promise<Captured> {
  let captured: Captured | undefined;
  await call(async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? await request.clone().text() : undefined;
    captured = {
      url: request.url,
      init: { method: request.method, headers: Object.fromEntries(request.headers), body },
    };
    return fetch(request);
  });
  if (!captured) throw new Error('the SDK call sent no request');
  return captured;
}

const replay = (captured: Captured) => async () => {
  const response = await fetch(captured.url, captured.init);
  if (!response.ok) throw new Error(`${captured.init.method} ${captured.url}: ${response.status}`);
  return response.status === 204 ? undefined : response.json();
};

function table(title: string, head: string[], rows: string[][]): string {
  const widths = head.map((cell, i) => Math.max(cell.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    `### ${title}`,
    '',
    line(head),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(line),
    '',
  ].join('\n');
}

const out: string[] = [
  `clientkit benchmarks, ${new Date().toISOString()}`,
  `Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
  '',
];
const print = (text: string) => {
  out.push(text);
  console.error(text); // progress as it happens; the whole report goes to stdout at the end
};

const server = await startServerProcess();
try {
  const url = server.url;
  const idmToken = ((await admin(url, '/idm/tokens', {})) as { access_token: string }).access_token;
  const docs = (fetchImpl?: typeof fetch) =>
    new DocsClient({
      baseUrl: `${url}/v1`,
      token: 'docs-dev-user-ada',
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
  const calendar = (fetchImpl?: typeof fetch) =>
    new CalendarClient({ apiRoot: `${url}/wp-json`, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  const idm = (fetchImpl?: typeof fetch) =>
    new IdmClient({
      baseUrl: `${url}/api/v2`,
      token: idmToken,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
  const mail = (fetchImpl?: typeof fetch) =>
    new MailClient({
      baseUrl: url,
      accountToken: 'mail-dev-account-token',
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });

  const update = { title: 'Robot handbook (bench)' };
  const operations: [string, (fetchImpl?: typeof fetch) => Promise<unknown>][] = [
    ['docs.spaces.get', (f) => docs(f).spaces.get('space_handbook')],
    ['docs.spaces.update', (f) => docs(f).spaces.update('space_handbook', update)],
    ['calendar.events.list', (f) => calendar(f).events.list({ per_page: 10 })],
    ['idm.clients.list', (f) => idm(f).clients.list()],
    ['mail.servers.get', (f) => mail(f).servers.get(1)],
  ];
  const sdks = { docs: docs(), calendar: calendar(), idm: idm(), mail: mail() };
  const sdkCalls: Record<string, () => Promise<unknown>> = {
    'docs.spaces.get': () => sdks.docs.spaces.get('space_handbook'),
    'docs.spaces.update': () => sdks.docs.spaces.update('space_handbook', update),
    'calendar.events.list': () => sdks.calendar.events.list({ per_page: 10 }),
    'idm.clients.list': () => sdks.idm.clients.list(),
    'mail.servers.get': () => sdks.mail.servers.get(1),
  };
  const cases: CallCase[] = [];
  for (const [name, call] of operations) {
    cases.push({ name, sdk: sdkCalls[name]!, raw: replay(await captureRequest(call)) });
  }
  const perCall = await measurePerCall(cases, quick ? 200 : 2_000, quick ? 50 : 300);
  print(
    table(
      'Per-call latency, SDK vs raw fetch (median / p99; target <= 1.10x median)',
      ['operation', 'SDK', 'raw fetch', 'ratio', 'target'],
      perCallRows(perCall),
    ),
  );

  const stream = await benchMeteringStream({ events: quick ? 20_000 : 100_000 });
  print(
    table(
      'Metering event stream, 100 events per request, 8 in flight (target >= 0.90x)',
      ['sender', 'events/s', 'CPU ms per 1,000 events', 'ratio'],
      [
        [
          'SDK createStream',
          stream.sdk.eventsPerSec.toFixed(0),
          stream.sdk.cpuMsPer1000.toFixed(1),
          formatRatio(stream.ratio),
        ],
        [
          'raw fetch',
          stream.raw.eventsPerSec.toFixed(0),
          stream.raw.cpuMsPer1000.toFixed(1),
          '1.00x',
        ],
      ],
    ),
  );

  const paginators = await benchPaginators(quick ? 20_000 : 100_000);
  print(
    table(
      'Paginators, 100 records per page (target: peak RSS growth <= 20 MB)',
      ['paginator', 'records', 'items/s', 'raw items/s', 'ratio', 'peak RSS growth'],
      paginators.map((r) => [
        r.style,
        r.records.toLocaleString('en'),
        r.itemsPerSec.toFixed(0),
        r.rawItemsPerSec.toFixed(0),
        formatRatio(r.ratio),
        `${r.peakRssGrowthMb.toFixed(1)} MB`,
      ]),
    ),
  );

  const getSpace = await captureRequest((f) => docs(f).spaces.get('space_handbook'));
  const invite = await captureRequest((f) =>
    docs(f).spaces.permissions.invite('space_handbook', { role: 'comment', users: ['usr_chloe'] }),
  );
  const seconds = quick ? 1_000 : 5_000;
  const rows: string[][] = [];
  for (const [name, captured] of [
    ['GET /v1/spaces/{id}', getSpace],
    ['POST /v1/spaces/{id}/permissions', invite],
  ] as const) {
    const { rps, errors } = await requestsPerSecond(
      () => fetch(captured.url, captured.init),
      16,
      seconds,
    );
    rows.push([name, rps.toFixed(0), String(errors)]);
  }
  print(
    table(
      'Reference server (own process), 16 keep-alive requests in flight from one client process',
      ['request', 'requests/s', 'errors'],
      rows,
    ),
  );
} finally {
  await server.stop();
}

const size = spawnSync(process.execPath, [join(benchDir, 'scripts/size.mjs'), '--json'], {
  encoding: 'utf8',
});
if (size.status !== 0) throw new Error(`size check failed: ${size.stderr}`);
const sizes = JSON.parse(size.stdout) as { name: string; minified: number; gzip: number }[];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
print(
  table(
    'Bundle size: esbuild, ESM, minified, all dependencies, gzip (budget 15.5 kB, target 12 kB)',
    ['client', 'minified', 'gzip', 'budget'],
    sizes.map((s) => [
      s.name,
      kb(s.minified),
      kb(s.gzip),
      s.gzip <= 12 * 1024 ? 'on target' : s.gzip <= 15.5 * 1024 ? 'within budget' : 'OVER',
    ]),
  ),
);

const imports = measureImportTimes(
  [
    '@clientkit/docs-client',
    '@clientkit/calendar-client',
    '@clientkit/metering-client',
    '@clientkit/mail-client',
    '@clientkit/idm-client',
  ],
  quick ? 5 : 15,
);
print(
  table(
    'Cold import (fresh node process, median)',
    ['package', 'wall time', 'over bare node'],
    imports.map((r) => [
      r.name,
      `${r.medianMs.toFixed(0)} ms`,
      `${r.overBareNodeMs.toFixed(0)} ms`,
    ]),
  ),
);

out.push(`Total bench time: ${((nowMs() - started) / 1000).toFixed(0)} s`);
console.log(out.join('\n'));
