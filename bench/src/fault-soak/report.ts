import type { SlowestCall } from './call-tally';
import type { SendCount, StreamCount } from './metering-check';
import type { FaultSoakSettings } from './settings';
import type { ClientName } from './traffic';
import type { WritesCheck } from './writes-check';

/** Everything a fault soak counted, and what it found broken. */
export interface FaultSoakReport {
  settings: FaultSoakSettings;
  seconds: number;
  /** Requests the server received while chaos mode was on. */
  requests: number;
  calls: {
    total: number;
    failed: number;
    byOperation: Record<string, { calls: number; failed: number }>;
    failuresByClass: Record<string, number>;
    /** Failures whose error is not a clientkit error, and a few of them. */
    untyped: number;
    untypedSamples: string[];
  };
  /** Each client's bound on the time of one call, in ms. */
  bounds: Record<ClientName, number>;
  /** The call that used the largest share of its bound. */
  slowest: SlowestCall | undefined;
  overBound: { count: number; samples: SlowestCall[] };
  unhandledRejections: { count: number; samples: string[] };
  injected: { total: number; byKind: Record<string, number>; missedSome: boolean };
  writes: WritesCheck;
  stream: StreamCount & {
    failuresByClass: Record<string, number>;
    untyped: number;
    closeError: string | undefined;
    seconds: number;
  };
  sends: SendCount;
}

/** The rules of issue 35 a report shows broken, each in a sentence; empty when all held. */
export function brokenRules(report: FaultSoakReport): string[] {
  const broken: string[] = [];
  const { calls, stream, sends } = report;
  if (report.unhandledRejections.count > 0) {
    broken.push(`${report.unhandledRejections.count} unhandled rejections`);
  }
  if (calls.untyped > 0) broken.push(`${calls.untyped} calls failed with a non-clientkit error`);
  if (stream.untyped > 0) broken.push(`${stream.untyped} stream failures are not clientkit errors`);
  if (report.overBound.count > 0) broken.push(`${report.overBound.count} calls over their bound`);
  for (const [name, writes] of Object.entries(report.writes)) {
    if (writes.twice > 0) broken.push(`${writes.twice} ${name} creates applied twice`);
    if (writes.created < writes.acknowledged) {
      broken.push(`${name}: ${writes.acknowledged} creates succeeded, ${writes.created} records`);
    }
  }
  if (stream.lost > 0) broken.push(`${stream.lost} stream events neither counted nor reported`);
  if (stream.sent + stream.failed !== stream.events) {
    broken.push(`stream: ${stream.sent} sent + ${stream.failed} failed of ${stream.events}`);
  }
  if (stream.countedTwice > 0) broken.push(`${stream.countedTwice} stream events counted twice`);
  if (stream.closeError) broken.push(`the stream's close() rejected: ${stream.closeError}`);
  if (sends.countedTwice > 0) broken.push(`${sends.countedTwice} sent events counted twice`);
  if (sends.acknowledgedNotCounted > 0) {
    broken.push(`${sends.acknowledgedNotCounted} acknowledged events not counted`);
  }
  return broken;
}

const listed = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ') || 'none';

/** The report as lines of text, for a terminal and for bench/results. */
export function formatReport(report: FaultSoakReport): string {
  const { settings, calls, stream, sends, injected, slowest } = report;
  const lines = [
    `seed ${settings.seed}, rate ${settings.rate}, ${settings.rounds} rounds on ${settings.lanes} lanes, ${stream.events} stream events: ${report.seconds.toFixed(1)} s`,
    `calls: ${calls.total}, failed ${calls.failed} (${listed(calls.failuresByClass)}); not clientkit errors: ${calls.untyped}`,
    ...Object.entries(calls.byOperation).map(
      ([operation, count]) => `  ${operation}: ${count.calls} calls, ${count.failed} failed`,
    ),
    `faults injected: ${injected.total} of ${report.requests} requests, ${((100 * injected.total) / report.requests).toFixed(1)} % (${listed(injected.byKind)})${injected.missedSome ? ', some missed: the log overflowed' : ''}`,
    `slowest call: ${slowest ? `${slowest.operation} ${(slowest.ms / 1000).toFixed(2)} s of its ${(slowest.boundMs / 1000).toFixed(1)} s bound` : 'none'}; over their bound: ${report.overBound.count}`,
    `unhandled rejections: ${report.unhandledRejections.count}`,
    ...Object.entries(report.writes).map(
      ([name, writes]) =>
        `${name} creates: ${writes.acknowledged} succeeded, ${writes.created} records, ${writes.twice} applied twice`,
    ),
    `stream: ${stream.events} pushed, ${stream.sent} sent, ${stream.failed} failed (${listed(stream.failuresByClass)}), ${stream.retried} retried; server: ${stream.counted} counted, ${stream.countedTwice} twice, ${stream.repeats} repeats not counted; failed but counted ${stream.failedButCounted}, failed and not counted ${stream.failedNotCounted}, lost ${stream.lost}; ${stream.seconds.toFixed(1)} s`,
    `events.send: ${sends.events} events, ${sends.acknowledged} acknowledged; server: ${sends.counted} counted, ${sends.countedTwice} twice, ${sends.repeats} repeats not counted; acknowledged but not counted ${sends.acknowledgedNotCounted}`,
  ];
  const broken = brokenRules(report);
  lines.push(broken.length === 0 ? 'every rule held' : `BROKEN: ${broken.join('; ')}`);
  return lines.join('\n');
}
