import { createReferenceServer, type ReferenceServer } from '@clientkit/reference-server';
import { type SoakClients, soakClients } from './clients';
import { InjectionTally } from './injection-tally';
import { checkSends, checkStream } from './metering-check';
import { Progress } from './progress';
import type { FaultSoakReport } from './report';
import { type RoundsResult, runRounds } from './rounds';
import { FAULT_KINDS, FAULT_LATENCY_MS, type FaultSoakSettings } from './settings';
import { runStream, type StreamRun } from './stream-run';
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
  const spaces: string[] = [];
  for (let lane = 0; lane < lanes; lane++) {
    spaces.push((await clients.docs.spaces.duplicate('space_handbook')).id);
  }
  return spaces;
}

/** What happened while chaos mode was on. */
interface ChaosRun {
  rounds: RoundsResult;
  stream: StreamRun;
  seconds: number;
  injections: InjectionTally;
}

/** The rounds and the stream side by side under chaos mode; chaos is off again when it resolves. */
async function underChaos(
  server: ReferenceServer,
  clients: SoakClients,
  settings: FaultSoakSettings,
  log: (line: string) => void,
): Promise<ChaosRun> {
  const spaces = await laneSpaces(clients, settings.lanes);
  const injections = new InjectionTally(() => server.faults.injected());
  const drain = setInterval(() => injections.drain(), DRAIN_EVERY_MS);
  const started = performance.now();
  server.faults.chaos({
    rate: settings.rate,
    kinds: [...FAULT_KINDS],
    seed: settings.seed,
    latencyMs: FAULT_LATENCY_MS,
  });
  const progress = new Progress(settings.rounds * TRAFFIC_MIX.length, (tenths) => {
    const seconds = (performance.now() - started) / 1000;
    log(`${tenths * 10} % of the tasks done in ${seconds.toFixed(0)} s`);
  });
  try {
    const [rounds, stream] = await Promise.all([
      runRounds(clients, progress, spaces),
      runStream(clients.metering, settings.streamEvents, progress),
    ]);
    return { rounds, stream, seconds: (performance.now() - started) / 1000, injections };
  } finally {
    clearInterval(drain);
    injections.drain();
    server.faults.clear();
  }
}

const record = <V>(map: Map<string, V>): Record<string, V> => Object.fromEntries(map);

/** Creates the client saw succeed. */
function acknowledged(rounds: RoundsResult, operation: string): number {
  const count = rounds.tally.byOperation.get(operation);
  return count ? count.calls - count.failed : 0;
}

/** Reads the server's state once every event is counted, and puts the counts together. */
async function report(
  server: ReferenceServer,
  settings: FaultSoakSettings,
  { rounds, stream, seconds, injections }: ChaosRun,
  requests: number,
): Promise<Omit<FaultSoakReport, 'unhandledRejections'>> {
  await server.clock.settle();
  const { tally } = rounds;
  return {
    settings,
    seconds,
    requests,
    calls: {
      total: tally.calls,
      failed: tally.failed,
      byOperation: record(tally.byOperation),
      failuresByClass: record(tally.failuresByClass),
      untyped: tally.untyped,
      untypedSamples: tally.untypedSamples,
    },
    bounds: rounds.bounds,
    slowest: tally.slowest,
    overBound: { count: tally.overBound, samples: tally.overBoundSamples },
    injected: {
      total: injections.total,
      byKind: record(injections.byKind),
      missedSome: injections.missedSome,
    },
    writes: checkWrites(server, {
      docs: acknowledged(rounds, 'docs.spaces.duplicate'),
      calendar: acknowledged(rounds, 'calendar.events.create'),
      idm: acknowledged(rounds, 'idm.clients.create'),
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
}

/**
 * The fault soak: the reference server on loopback with chaos mode on, the five clients running
 * rounds of mixed traffic while the metering stream sends its events, then the server's state
 * read for writes applied twice and events lost or counted twice. `log` hears of its progress.
 */
export async function runFaultSoak(
  settings: FaultSoakSettings,
  log: (line: string) => void = () => {},
): Promise<FaultSoakReport> {
  // Every answer the server sends; with the resets before the headers (which send none), every
  // request it received.
  let answers = 0;
  const server = await createReferenceServer({ onExchange: () => void (answers += 1) });
  const unhandled = watchUnhandledRejections();
  try {
    const clients = soakClients((await server.listen(0)).url);
    const answersBefore = answers;
    const run = await underChaos(server, clients, settings, log);
    const requests = answers - answersBefore + (run.injections.byKind.get('reset') ?? 0);
    const counts = await report(server, settings, run, requests);
    return {
      ...counts,
      unhandledRejections: { count: unhandled.count, samples: unhandled.samples },
    };
  } finally {
    unhandled.stop();
    await server.close();
  }
}
