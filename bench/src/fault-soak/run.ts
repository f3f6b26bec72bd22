import { createReferenceServer } from '@clientkit/reference-server';
import { type SoakClients, soakClients } from './clients';
import { InjectionTally } from './injection-tally';
import { checkSends, checkStream } from './metering-check';
import { Progress } from './progress';
import type { FaultSoakReport } from './report';
import { runRounds } from './rounds';
import { FAULT_KINDS, FAULT_LATENCY_MS, type FaultSoakSettings } from './settings';
import { runStream } from './stream-run';
import { TRAFFIC_MIX } from './traffic';
import { watchUnhandledRejections } from './unhandled-rejections';
import { checkWrites } from './writes-check';

/** How often the log of injections is read: far more often than it could fill up. */
const DRAIN_EVERY_MS = 200;

/**
 * One docs space per lane, copied from the handbook before the faults start, so that each lane
 * renames and duplicates a space no other lane touches.
 */
async function laneSpaces(clients: SoakClients, lanes: number): Promise<string[]> {
  const { docs } = clients;
  const spaces: string[] = [];
  for (let lane = 0; lane < lanes; lane++) {
    spaces.push((await docs.spaces.duplicate('space_handbook')).id);
  }
  return spaces;
}

const record = <V>(map: Map<string, V>): Record<string, V> => Object.fromEntries(map);

/**
 * The fault soak: the reference server on loopback with chaos mode on, the five clients running
 * rounds of mixed traffic while the metering stream sends its events, then the server's state
 * read for writes applied twice and events lost or counted twice.
 */
export async function runFaultSoak(settings: FaultSoakSettings): Promise<FaultSoakReport> {
  const server = await createReferenceServer();
  const unhandled = watchUnhandledRejections();
  try {
    const clients = soakClients((await server.listen(0)).url);
    const spaces = await laneSpaces(clients, settings.lanes);
    const tally = new InjectionTally(() => server.faults.injected());
    const drain = setInterval(() => tally.drain(), DRAIN_EVERY_MS);
    const started = performance.now();
    server.faults.chaos({
      rate: settings.rate,
      kinds: [...FAULT_KINDS],
      seed: settings.seed,
      latencyMs: FAULT_LATENCY_MS,
    });
    const progress = new Progress(settings.rounds * TRAFFIC_MIX.length);
    const [rounds, stream] = await Promise.all([
      runRounds(clients, progress, spaces),
      runStream(clients.metering, settings.streamEvents, progress),
    ]).finally(() => clearInterval(drain));
    const seconds = (performance.now() - started) / 1000;
    tally.drain();
    server.faults.clear();
    await server.clock.settle();
    const acknowledged = (operation: string) => {
      const count = rounds.tally.byOperation.get(operation);
      return count ? count.calls - count.failed : 0;
    };
    return {
      settings,
      seconds,
      calls: {
        total: rounds.tally.calls,
        failed: rounds.tally.failed,
        byOperation: record(rounds.tally.byOperation),
        failuresByClass: record(rounds.tally.failuresByClass),
        untyped: rounds.tally.untyped,
        untypedSamples: rounds.tally.untypedSamples,
      },
      bounds: rounds.bounds,
      slowest: rounds.tally.slowest,
      overBound: { count: rounds.tally.overBound, samples: rounds.tally.overBoundSamples },
      unhandledRejections: { count: unhandled.count, samples: unhandled.samples },
      injected: { total: tally.total, byKind: record(tally.byKind), missedSome: tally.missedSome },
      writes: checkWrites(server, {
        docs: acknowledged('docs.spaces.duplicate'),
        calendar: acknowledged('calendar.events.create'),
        idm: acknowledged('idm.clients.create'),
      }),
      stream: {
        ...checkStream(server, stream),
        failuresByClass: record(stream.failures.byClass),
        untyped: stream.failures.untyped,
        closeError: stream.closeError,
        seconds: stream.ms / 1000,
      },
      sends: checkSends(server, rounds.sends),
    };
  } finally {
    unhandled.stop();
    await server.close();
  }
}
