import { beforeAll, describe, expect, it } from 'vitest';
import { type FaultSoakReport, formatReport } from '../src/fault-soak/report';
import { runFaultSoak } from '../src/fault-soak/run';
import { SHORT_SOAK } from '../src/fault-soak/settings';

// The short fault soak (issue 35): a fixed amount of work, about 260 calls and 2,000 stream
// events. Much of its time is the faults' own waits (2 s latency, 3 s stalls): it took 6 to 8 s on
// the shared two-core machine, and 15 s pinned to one core beside six busy processes. The limit is
// twenty times that.
const SOAK_LIMIT_MS = 300_000;

describe('fault soak: the five clients and the metering stream under 10 % faults', () => {
  let report: FaultSoakReport;

  beforeAll(async () => {
    report = await runFaultSoak(SHORT_SOAK);
    console.log(formatReport(report));
  }, SOAK_LIMIT_MS);

  it('injects into about one request in ten every kind of the mix: 503, 429, resets before and after the headers, truncated, malformed, stalled, 2 s latency', () => {
    expect(Object.keys(report.injected.byKind).sort()).toEqual(
      ['429', '503', 'latency', 'malformed', 'reset', 'reset mid-body', 'stall', 'truncate'].sort(),
    );
    expect(report.injected.missedSome).toBe(false);
    const share = report.injected.total / report.requests;
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.2);
    expect(report.calls.total).toBeGreaterThanOrEqual(SHORT_SOAK.rounds * 12);
  });

  it('leaves no rejection unhandled', () => {
    expect(report.unhandledRejections.samples).toEqual([]);
    expect(report.unhandledRejections.count).toBe(0);
  });

  it('fails every failed call, and every failed stream batch, with a clientkit error', () => {
    expect(report.calls.untypedSamples).toEqual([]);
    expect(report.calls.untyped).toBe(0);
    expect(report.stream.untyped).toBe(0);
    expect(report.stream.closeError).toBeUndefined();
  });

  it('ends every call within its timeout × attempts + the longest waits the retry policy allows', () => {
    expect(report.overBound.samples).toEqual([]);
    expect(report.overBound.count).toBe(0);
    expect(report.slowest!.ms).toBeLessThanOrEqual(report.slowest!.boundMs);
  });

  it('applies no write twice: each uniquely named create is in the server state at most once', () => {
    for (const writes of Object.values(report.writes)) {
      expect(writes.twiceExamples).toEqual([]);
      expect(writes.twice).toBe(0);
      // A create the client saw succeed is kept; one whose answer broke may be kept too.
      expect(writes.created).toBeGreaterThanOrEqual(writes.acknowledged);
      expect(writes.acknowledged).toBeGreaterThan(0);
    }
  });

  it('metering stream: every pushed event is counted or reported failed, none counted twice', () => {
    const { stream } = report;
    expect(stream.events).toBe(SHORT_SOAK.streamEvents);
    expect(stream.lost).toBe(0);
    expect(stream.countedTwice).toBe(0);
    expect(stream.sent + stream.failed).toBe(stream.events);
    expect(stream.counted + stream.failedNotCounted).toBe(stream.events);
  });

  it('events.send: every acknowledged event is counted, none counted twice', () => {
    expect(report.sends.acknowledged).toBeGreaterThan(0);
    expect(report.sends.acknowledgedNotCounted).toBe(0);
    expect(report.sends.countedTwice).toBe(0);
  });
});
