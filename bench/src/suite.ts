import { captureAnswers, cpuCases } from './cpu-cases';
import { CPU_HEAD, cpuRow } from './cpu-table';
import { measureImportTimes } from './import-time';
import { benchInFlightMemory } from './in-flight-memory';
import { benchLatency } from './latency';
import {
  benchMeteringStream,
  clientkitKySender,
  clientkitNodeSender,
  rawSender,
  type Spread,
  stripeFetchSender,
  stripeNodeHttpSender,
} from './metering-stream';
import { DEV } from './ours';
import { benchPaginators } from './paginators';
import { perCallRows } from './per-call';
import { measureCpuCase, warmUpCases } from './per-call-cpu';
import { admin, startServerProcess } from './server-process';
import { requestsPerSecond } from './server-throughput';
import { formatRatio } from './stats';
import { numberCell, ratioCell, table } from './table';

/**
 * `BENCH_ONLY=cpu,stream` runs only the named sections (cpu, latency, stream, paginators, server,
 * import), for profiling one figure; a full `pnpm bench` runs them all.
 */
function only(section: string): boolean {
  const wanted = process.env.BENCH_ONLY;
  return !wanted || wanted.split(',').includes(section);
}

/** `median (lowest–highest)`, or the note when there is no figure. */
function spreadCell(spread: Spread | undefined, digits: number, note = '—', unit = ''): string {
  if (!spread) return note;
  const f = (n: number) => `${n.toFixed(digits)}${unit}`;
  return `${f(spread.median)} (${f(spread.min)}–${f(spread.max)})`;
}

/** Our packages and the official SDK each is compared with. */
export const OUR_PACKAGES: [string, string | undefined][] = [
  ['@clientkit/docs-client', '@gitbook/api'],
  ['@clientkit/calendar-client', undefined],
  ['@clientkit/metering-client', 'stripe'],
  ['@clientkit/mail-client', 'postmark'],
  ['@clientkit/idm-client', 'auth0'],
];
export const PEER_PACKAGES = ['@gitbook/api', 'stripe', 'postmark', 'auth0', 'ky'];

/** A ratio of ours against a peer, one per line of the closing summary (merged across runtimes). */
export interface SummaryLine {
  label: string;
  value: string;
}

export interface SuiteOutput {
  report: string[];
  summary: SummaryLine[];
}

interface Sizes {
  quick: boolean;
}

/** Every runtime-dependent figure of `pnpm bench`, on the node running this process. */
export async function runSuite(
  { quick }: Sizes,
  print: (text: string) => void,
): Promise<SuiteOutput> {
  const summary: SummaryLine[] = [];
  const server = await startServerProcess();
  try {
    const origin = server.url;
    await fetch(`${origin}/__admin/metering/rate-limit`, { method: 'DELETE' });
    const idmToken = ((await admin(origin, '/idm/tokens', {})) as { access_token: string })
      .access_token;

    if (only('cpu')) {
      const answers = await captureAnswers(origin, idmToken);
      const cpuRows: string[][] = [];
      const cases = await cpuCases(answers);
      await warmUpCases(cases, quick ? 200 : 1_000);
      for (const cpuCase of cases) {
        const figures = await measureCpuCase(cpuCase, {
          calls: quick ? 100 : 200,
          rounds: quick ? 8 : 30,
          warmup: quick ? 50 : 200,
        });
        const row = cpuRow(cpuCase, figures);
        cpuRows.push(row);
        if (row[4] !== '—') {
          summary.push({
            label: `per-call CPU ${cpuCase.operation}, clientkit / ${row[4]!.split(':')[0]}`,
            value: `${row[8]} (over raw fetch, µs: clientkit ${row[5]}, SDK ${row[7]}, ky ${row[6]})`,
          });
        }
      }
      print(
        table(
          'Per-call CPU, canned fetch (no network), µs per call (median of rounds)',
          CPU_HEAD,
          cpuRows,
        ),
      );
    }
    if (only('latency')) {
      const latency = await benchLatency(origin, idmToken, quick ? 200 : 2_000, quick ? 50 : 300);
      print(
        table(
          'Per-call latency on loopback, clientkit vs raw fetch (median / p99; target <= 1.10x median)',
          ['operation', 'clientkit', 'raw fetch', 'ratio', 'target'],
          latency.map((r) => ('note' in r ? [r.name, r.note, '', '', ''] : perCallRows([r])[0]!)),
        ),
      );
    }
    if (only('stream')) {
      const rounds = quick ? 5 : 9;
      const stream = await benchMeteringStream(
        origin,
        [
          clientkitNodeSender,
          clientkitKySender,
          stripeNodeHttpSender,
          stripeFetchSender,
          rawSender,
        ],
        { eventsPerRound: quick ? 10_000 : 20_000, rounds },
      );
      print(
        table(
          `Metering stream against the reference server (own process), ${quick ? '10,000' : '20,000'} events per round, 100 per request, 8 in flight, ${rounds} interleaved rounds: median (lowest–highest round)`,
          [
            'sender',
            'events/s',
            'client CPU ms per 1,000 events',
            'events/s, clientkit (node:http) / this, per round',
            'CPU, clientkit (node:http) / this, per round',
          ],
          stream.map((s) => [
            s.name,
            spreadCell(s.eventsPerSec, 0, s.note),
            spreadCell(s.cpuMsPer1000, 2),
            spreadCell(s.eventsPerSecRatio, 2, '', 'x'),
            spreadCell(s.cpuRatio, 2, '', 'x'),
          ]),
        ),
      );
      for (const s of stream.slice(1)) {
        summary.push({
          label: `metering stream vs ${s.name}: events/s, CPU per 1,000 events (median of paired rounds)`,
          value: `${spreadCell(s.eventsPerSecRatio, 2, 'n/a', 'x')}, ${spreadCell(s.cpuRatio, 2, 'n/a', 'x')}`,
        });
      }
      const memory = await benchInFlightMemory(origin, [
        { name: clientkitNodeSender.name },
        { name: clientkitKySender.name, fetch: (input, init) => fetch(input, init) },
      ]);
      print(
        table(
          'Memory per in-flight batch of createStream: 64 batches of 100 events stalled by the server, all in flight against 1 in flight and 63 waiting (the same events held), per batch (target <= 2x its JSON body)',
          ['path', 'JSON body', 'held per batch in flight', 'held / body: median (runs)'],
          memory.map((m) => [
            m.name,
            m.bodyBytes === undefined ? (m.note ?? '—') : `${(m.bodyBytes / 1024).toFixed(1)} kB`,
            m.bytesPerBatch === undefined ? '' : `${(m.bytesPerBatch / 1024).toFixed(1)} kB`,
            m.ratios
              ? `${formatRatio(m.bytesPerBatch! / m.bodyBytes!)} (${m.ratios.map(formatRatio).join(', ')})`
              : '',
          ]),
        ),
      );
      const ours = memory[0];
      if (ours?.ratios) {
        summary.push({
          label: 'metering stream memory per in-flight batch / its JSON body',
          value: formatRatio(ours.bytesPerBatch! / ours.bodyBytes!),
        });
      }
    }
    if (only('paginators')) {
      const paginatorRows: string[][] = [];
      for (const records of quick ? [1_000, 20_000] : [1_000, 100_000, 1_000_000]) {
        for (const r of await benchPaginators(records)) {
          paginatorRows.push([
            r.style,
            r.records.toLocaleString('en'),
            r.itemsPerSec.toFixed(0),
            r.rawItemsPerSec.toFixed(0),
            formatRatio(r.ratio),
            `${r.peakRssGrowthMb.toFixed(1)} MB / ${r.rawPeakRssGrowthMb.toFixed(1)} MB`,
            `${r.liveHeapGrowthMb.toFixed(1)} MB / ${r.rawLiveHeapGrowthMb.toFixed(1)} MB`,
          ]);
          if (r.records >= 100_000) {
            summary.push({
              label: `paginator ${r.style} ${r.records.toLocaleString('en')}, clientkit / bare-ky loop`,
              value: formatRatio(r.ratio),
            });
          }
        }
      }
      print(
        table(
          'Paginators, 100 records per page, against a loop making the same requests through bare ky (target >= 0.90x)',
          [
            'paginator',
            'records',
            'items/s',
            'bare-ky loop items/s',
            'ratio',
            'peak RSS growth (paginator / loop)',
            'live heap growth after GC (paginator / loop)',
          ],
          paginatorRows,
        ),
      );
    }
    if (only('server')) {
      const seconds = quick ? 1_000 : 5_000;
      const throughput: string[][] = [];
      const docsHeaders = {
        authorization: `Bearer ${DEV.docsToken}`,
        'content-type': 'application/json',
      };
      for (const [name, request] of [
        [
          'GET /v1/spaces/{id}',
          () => fetch(`${origin}/v1/spaces/space_handbook`, { headers: docsHeaders }),
        ],
        [
          'POST /v1/spaces/{id}/permissions',
          () =>
            fetch(`${origin}/v1/spaces/space_handbook/permissions`, {
              method: 'POST',
              headers: docsHeaders,
              body: JSON.stringify({ role: 'comment', users: ['usr_chloe'] }),
            }),
        ],
      ] as const) {
        // A short unmeasured burst first: sockets the server closed while idle are replaced here.
        await requestsPerSecond(request, 16, 300);
        const { rps, errors } = await requestsPerSecond(request, 16, seconds);
        throughput.push([name, rps.toFixed(0), String(errors)]);
      }
      print(
        table(
          'Reference server (own process), 16 keep-alive requests in flight from one client process',
          ['request', 'requests/s', 'errors'],
          throughput,
        ),
      );
    }
  } finally {
    await server.stop();
  }

  if (only('import')) {
    const imports = measureImportTimes(
      [...OUR_PACKAGES.map(([name]) => name), ...PEER_PACKAGES],
      quick ? 5 : 11,
    );
    const byName = new Map(imports.map((i) => [i.name, i]));
    print(
      table(
        'Cold import (fresh node process, median; target: at most +25 ms over bare node, below postmark)',
        [
          'package',
          'wall time',
          'over bare node',
          'official SDK',
          'over bare node, clientkit / SDK',
          'clientkit - SDK',
        ],
        imports.map((i) => {
          const peerName = OUR_PACKAGES.find(([name]) => name === i.name)?.[1];
          const peer = peerName ? byName.get(peerName) : undefined;
          return [
            i.name,
            i.note ?? `${numberCell(i.medianMs, 0)} ms`,
            i.note ? '' : `${numberCell(i.overBareNodeMs, 0)} ms`,
            peerName ?? '',
            peer ? ratioCell(i.overBareNodeMs, peer.overBareNodeMs) : '',
            peer?.medianMs !== undefined && i.medianMs !== undefined
              ? `${i.medianMs - peer.medianMs >= 0 ? '+' : ''}${(i.medianMs - peer.medianMs).toFixed(0)} ms`
              : '',
          ];
        }),
      ),
    );
    for (const [name, peerName] of OUR_PACKAGES) {
      if (!peerName) continue;
      const ours = byName.get(name);
      const peer = byName.get(peerName);
      summary.push({
        label: `cold import ${name} over bare node, clientkit / ${peerName}`,
        value: `${ratioCell(ours?.overBareNodeMs, peer?.overBareNodeMs)} (${numberCell(ours?.overBareNodeMs, 0)} ms against ${numberCell(peer?.overBareNodeMs, 0)} ms)`,
      });
    }
  }
  return { report: [], summary };
}
