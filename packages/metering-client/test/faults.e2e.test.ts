/**
 * Each network fault of the reference server, met by the metering client's two calls (both POSTs
 * with an idempotency key, so the retry rules repeat them like reads), and by the event stream: the
 * error each fails with and what it carries, whether it is retried, and that no event is lost or
 * counted twice.
 */
import { describe, expect, it } from 'vitest';
import { type CallOptions, describeFaults, type FaultKind } from '../../../test-support/faults';
import {
  APIConnectionError,
  APIResponseParseError,
  APITimeoutError,
  InternalServerError,
  type MeterEvent,
} from '../src/index';
import { useMeteringServer } from './support/e2e';

const h = useMeteringServer();
const STREAM = '/v2/billing/meter_event_stream';

const event = (i: number): MeterEvent => ({
  event_name: 'api_call',
  payload: { stripe_customer_id: `cus_${i % 7}`, value: '1' },
});
const client = (options: CallOptions) => h.client(options);

describe('network faults', () => {
  describeFaults(
    () => h.server,
    { APIConnectionError, APITimeoutError, APIResponseParseError, InternalServerError },
    [
      {
        name: 'a POST creating a session',
        method: 'POST',
        path: '/v2/billing/meter_event_session',
        operation: 'metering.sessions.create',
        repeatable: true,
        run: (options) => client(options).sessions.create(),
        effects: () => h.server.metering.sessions().created,
      },
      {
        name: 'a POST sending events',
        method: 'POST',
        path: STREAM,
        operation: 'metering.events.send',
        repeatable: true,
        run: (options) => client(options).events.send([event(1)]),
        effects: () => h.countedTotal(),
      },
    ],
  );
});

describe('the event stream through transient faults', () => {
  const transient: [FaultKind, Record<string, unknown>][] = [
    ['reset before the headers', { kind: 'reset' }],
    ['reset mid-body', { kind: 'reset', when: 'mid-body' }],
    ['truncate', { kind: 'truncate' }],
    ['stall', { kind: 'stall' }],
    ['html', { kind: 'html' }],
  ];

  it.each(transient)(
    'loses no event and counts none twice through %s answers to its batches',
    async (_, fault) => {
      const total = 250;
      h.server.faults.add({ method: 'POST', path: STREAM, count: 3, ...fault });
      const stream = client({ retry: 0, timeout: 1_500 }).createStream({
        batchSize: 25,
        concurrency: 2,
        retry: 5,
      });
      for (let i = 0; i < total; i += 1) await stream.write(event(i));
      await stream.close();
      expect(h.server.faults.injected()).toHaveLength(3);
      expect(await h.countedTotal()).toBe(total);
    },
  );
});
