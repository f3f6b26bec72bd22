import { captureAnswers, cpuCases } from './cpu-cases';
import { CPU_HEAD, cpuRow } from './cpu-table';
import { measureFirstResponses } from './first-response';
import { FIRST_RESPONSE_PEERS, FIRST_RESPONSE_PROGRAMS } from './first-response-programs';
import { FIRST_RESPONSE_HEAD, firstResponseRows } from './first-response-table';
import { benchFleet } from './fleet';
import { FLEET_HEAD, fleetRows, PER_CALL_FLEET_HEAD, perCallFleetRows } from './fleet-table';
import { benchInFlightMemory } from './in-flight-memory';
import { benchLatency } from './latency';
import { clientkitKySender, clientkitNodeSender } from './metering-stream';
import { DEV } from './ours';
import { benchPaginators } from './paginators';
import { perCallRows } from './per-call';
import { kyBudgetAppliesOn } from './per-call-budget';
import { measureCpuCase, warmUpCases } from './per-call-cpu';
import { admin, startServerProcess } from './server-process';
import { requestsPerSecond } from './server-throughput';
import { measureShipping } from './shipping';
import { SHIPPING_HEAD, shippingRows } from './shipping-table';
import { formatRatio } from './stats';
import { streamSection } from './stream-section';
import type { SummaryLine } from './summary-line';
import { table } from './table';

/**
 * `BENCH_ONLY=cpu,stream` runs only the named sections (cpu, latency, stream, paginators, server,
 * first, shipping, fleet), for profiling one figure; a full `pnpm bench` runs them all.
 */
function only(section: string): boolean {
  const wanted = process.env.BENCH_ONLY;
  return !wanted || wanted.split(',').includes(section);
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
      const kyBudgetApplies = kyBudgetAppliesOn(process.versions.node);
      for (const cpuCase of cases) {
        const figures = await measureCpuCase(cpuCase, {
          calls: quick ? 100 : 200,
          rounds: quick ? 8 : 30,
          warmup: quick ? 50 : 200,
        });
        const row = cpuRow(cpuCase, figures, { kyBudgetApplies });
        cpuRows.push(row);
        const peer = row[4] === '—' ? '' : `, SDK ${row[7]} (clientkit / SDK ${row[8]})`;
        summary.push({
          label: `per-call CPU ${cpuCase.operation}: over raw fetch, µs; budget`,
          value: `clientkit ${row[5]}, ky ${row[6]}${peer}; ${row[11]}`,
        });
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
          'Per-call latency on loopback, clientkit vs raw fetch (median / p99; reported, no target)',
          ['operation', 'clientkit', 'raw fetch', 'ratio'],
          latency.map((r) => ('note' in r ? [r.name, r.note, '', ''] : perCallRows([r])[0]!)),
        ),
      );
    }
    if (only('stream')) {
      await streamSection(origin, server.pid, quick, print, summary);
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
    if (only('first')) {
      const results = await measureFirstResponses(FIRST_RESPONSE_PROGRAMS, quick ? 5 : 11, {
        BENCH_ORIGIN: origin,
        BENCH_IDM_TOKEN: idmToken,
      });
      print(
        table(
          'First response: a fresh process imports, builds and makes one call to the reference server (median of runs; reported, no target)',
          FIRST_RESPONSE_HEAD,
          firstResponseRows(results, FIRST_RESPONSE_PEERS),
        ),
      );
      const byName = new Map(results.map((r) => [r.name, r]));
      for (const [name, peerName] of Object.entries(FIRST_RESPONSE_PEERS)) {
        const row = firstResponseRows([byName.get(name)!, byName.get(peerName)!], {
          [name]: peerName,
        })[0]!;
        summary.push({
          label: `first response ${name} over bare node, clientkit / ${peerName}`,
          value: `${row[6]} (${row[7]})`,
        });
      }
    }
    if (only('shipping')) {
      const pick = (name: string) => FIRST_RESPONSE_PROGRAMS.find((p) => p.name === name)!;
      const ours = '@clientkit/docs-client';
      const peer = FIRST_RESPONSE_PEERS[ours]!;
      const { bare, shipped } = await measureShipping(
        [pick(ours), pick(peer)],
        pick('fetch'),
        quick ? 5 : 11,
        { BENCH_ORIGIN: origin, BENCH_IDM_TOKEN: idmToken },
      );
      const rows = shippingRows(bare, shipped, 'fetch', { [ours]: peer });
      print(
        table(
          'Shipping it: the first response of a script as written, bundled by esbuild, with the compile cache (medians of runs, CPU ratios taken run by run; reported, no target)',
          SHIPPING_HEAD,
          rows,
        ),
      );
      for (const row of rows.filter((r) => r[0] === ours)) {
        summary.push({
          label: `first response ${ours} ${row[1]}, against ${peer} shipped alike (CPU to the answer)`,
          value: row[6] || row[2]!,
        });
      }
    }
    if (only('fleet')) {
      const fleet = await benchFleet(origin, { quick });
      if (fleet.note) print(`### A fleet sharing one budget: ${fleet.note}\n`);
      else {
        print(
          table(
            'A fleet of 4 idm processes against a rate limit of 40 requests a second (enforced, shared by all), 4 calls at a time each: alone, and coordinated through Redis',
            FLEET_HEAD,
            fleetRows(fleet.rateLimited),
          ),
        );
        print(
          table(
            'What coordination costs a call: one docs process, calls one after another, no rate limit, Redis on loopback',
            PER_CALL_FLEET_HEAD,
            perCallFleetRows(fleet.perCall),
          ),
        );
        const [alone, coordinated] = fleet.rateLimited;
        summary.push({
          label: 'fleet of 4 against a rate limit: 429s and token exchanges, coordinated / alone',
          value: `${coordinated!.refused} / ${alone!.refused} 429s, ${coordinated!.tokenExchanges} / ${alone!.tokenExchanges} exchanges`,
        });
      }
    }
  } finally {
    await server.stop();
  }

  return { report: [], summary };
}
