import { APIConnectionError } from '@clientkit/core';
import type { InjectedFault } from '@clientkit/reference-server';
import { createReferenceServer } from '@clientkit/reference-server/testing';
import { describe, expect, it } from 'vitest';
import { callBoundMs, SCHEDULING_ALLOWANCE_MS } from '../src/fault-soak/call-bound';
import { CallTally } from '../src/fault-soak/call-tally';
import { InjectionTally } from '../src/fault-soak/injection-tally';
import { checkSends, checkStream } from '../src/fault-soak/metering-check';
import { Progress } from '../src/fault-soak/progress';
import { BatchFailures, type StreamRun, streamIdentifier } from '../src/fault-soak/stream-run';
import {
  calendarTitle,
  SEND_EVENT_NAME,
  STREAM_EVENT_NAME,
  sendIdentifiers,
} from '../src/fault-soak/traffic';
import { checkWrites } from '../src/fault-soak/writes-check';

// The soak's checks on their own, each shown catching what it is there to catch, so that the
// soak's passing means the rule held and not that the check could not see it break.

const injected = (requestId: string, kind: InjectedFault['kind'], extra = {}): InjectedFault => ({
  requestId,
  method: 'GET',
  path: '/v1/spaces',
  kind,
  source: 'chaos',
  ...extra,
});

describe('fault soak checks', () => {
  it('bounds a call by timeout × attempts + before each retry the longer of backoff and server wait', () => {
    const input = { timeoutMs: 3_000, retries: 2, maxRetryAfterMs: 1_000, credentialSteps: 0 };
    // 3 attempts of 3 s; waits of max(0.5 s, 1 s) and max(1 s, 1 s).
    expect(callBoundMs(input)).toBe(9_000 + 2_000 + SCHEDULING_ALLOWANCE_MS);
    // No server wait allowed: the backoff's ceilings, 0.5 s then 1 s.
    expect(callBoundMs({ ...input, maxRetryAfterMs: 0 })).toBe(
      9_000 + 1_500 + SCHEDULING_ALLOWANCE_MS,
    );
    // A token exchange or session first: as long again.
    expect(callBoundMs({ ...input, credentialSteps: 1 })).toBe(
      2 * (9_000 + 2_000) + SCHEDULING_ALLOWANCE_MS,
    );
  });

  it('counts a failure that is not a clientkit error as untyped, and a call over its bound', () => {
    const tally = new CallTally();
    tally.succeeded('docs.spaces.get', 10, 100);
    tally.failedWith(
      'docs.spaces.get',
      new APIConnectionError('reset', { method: 'GET' }),
      20,
      100,
    );
    tally.failedWith('docs.spaces.get', new TypeError('fetch failed'), 150, 100);
    expect(tally.calls).toBe(3);
    expect(tally.failed).toBe(2);
    expect(Object.fromEntries(tally.failuresByClass)).toEqual({
      APIConnectionError: 1,
      TypeError: 1,
    });
    expect(tally.untyped).toBe(1);
    expect(tally.untypedSamples).toEqual(['docs.spaces.get: TypeError: fetch failed']);
    expect(tally.overBound).toBe(1);
    expect(tally.slowest).toEqual({ operation: 'docs.spaces.get', ms: 150, boundMs: 100 });
  });

  it('counts each injection once across readings of the log, and says when the log overflowed', () => {
    let log: InjectedFault[] = [injected('a', 'status', { status: 503 }), injected('b', 'stall')];
    const tally = new InjectionTally(() => log);
    tally.drain();
    log = [...log, injected('c', 'reset', { when: 'mid-body' }), injected('d', 'reset')];
    tally.drain();
    tally.drain();
    expect(tally.total).toBe(4);
    expect(Object.fromEntries(tally.byKind)).toEqual({
      503: 1,
      stall: 1,
      'reset mid-body': 1,
      reset: 1,
    });
    expect(tally.missedSome).toBe(false);
    // The last entry read has left the log: what came between was not seen.
    log = [injected('x', 'latency', { latencyMs: 2000 })];
    tally.drain();
    expect(tally.missedSome).toBe(true);
    expect(tally.total).toBe(5);
  });

  it('finds a create applied twice: a soak name twice in the server state', async () => {
    await using server = await createReferenceServer();
    const { calendar } = server.clients();
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const event = { start_date: `${day} 20:00:00`, end_date: `${day} 22:00:00` };
    await calendar.events.create({ title: calendarTitle(1), ...event });
    await calendar.events.create({ title: calendarTitle(2), ...event });
    await calendar.events.create({ title: calendarTitle(2), ...event });
    const writes = checkWrites(server, { docs: 0, calendar: 3, idm: 0 });
    expect(writes.calendar).toEqual({
      acknowledged: 3,
      created: 2,
      twice: 1,
      twiceExamples: [calendarTitle(2)],
    });
    expect(writes.docs).toEqual({ acknowledged: 0, created: 0, twice: 0, twiceExamples: [] });
  });

  it('finds a stream event lost: neither counted nor reported failed', async () => {
    await using server = await createReferenceServer();
    const { metering } = server.clients();
    // The server counts events 0 and 1; event 2 was reported failed, event 3 went nowhere.
    await metering.events.send(
      [0, 1].map((index) => ({
        event_name: STREAM_EVENT_NAME,
        identifier: streamIdentifier(index),
        payload: { stripe_customer_id: 'cus_1', value: '1' },
      })),
    );
    await server.clock.settle();
    const failures = new BatchFailures();
    failures.handler(new TypeError('not ours'), [{ identifier: streamIdentifier(2) }]);
    const stats = {
      accepted: 4,
      sent: 2,
      retried: 0,
      failed: 1,
      refused: 0,
      buffered: 0,
      sessionsCreated: 1,
    };
    const run: StreamRun = { pushed: 4, stats, failures, closeError: undefined, ms: 1 };
    expect(checkStream(server, run)).toMatchObject({
      events: 4,
      counted: 2,
      countedTwice: 0,
      failed: 1,
      failedNotCounted: 1,
      lost: 1,
    });
    expect(failures.untyped).toBe(1);
  });

  it('finds an acknowledged events.send call whose events were not counted', async () => {
    await using server = await createReferenceServer();
    const { metering } = server.clients();
    await metering.events.send(
      sendIdentifiers(7).map((identifier) => ({
        event_name: SEND_EVENT_NAME,
        identifier,
        payload: { stripe_customer_id: 'cus_1', value: '1' },
      })),
    );
    await server.clock.settle();
    const sends = [
      { serial: 7, acknowledged: true },
      { serial: 8, acknowledged: true },
      { serial: 9, acknowledged: false },
    ];
    expect(checkSends(server, sends)).toEqual({
      events: 9,
      counted: 3,
      countedTwice: 0,
      repeats: 0,
      acknowledged: 6,
      acknowledgedNotCounted: 3,
    });
  });

  it('keeps the stream in step: next() resolves as the next task ends, at once after the last', async () => {
    const tenths: number[] = [];
    const progress = new Progress(20, (tenth) => tenths.push(tenth));
    let resolved = false;
    const next = progress.next().then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    progress.taskEnded();
    await next;
    expect(resolved).toBe(true);
    for (let task = 1; task < 20; task++) progress.taskEnded();
    expect(progress.done).toBe(true);
    await progress.next();
    expect(tenths).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
