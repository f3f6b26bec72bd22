/**
 * Property: for every method of MeteringClient (and of the streams it creates) that takes input, a
 * value that breaks one rule of one field (wrong type, out of range, empty, too long, bad format,
 * missing, unknown field) while every other field is valid is refused with a
 * RequestValidationError that names that field, and no request is made. The client is given a
 * `fetch` that records every call, and points at an unroutable address with nock refusing real
 * connections, so a request attempt could not pass as a validation error.
 */
import fc from 'fast-check';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import {
  checkRow,
  fieldRows,
  OMIT,
  otherThan,
  type Row,
  recordingFetch,
  tooLong,
  withField,
} from '../../../test-support/input-properties';
import { type MeterEventStream, MeteringClient } from '../src/index';

const { fetch: recordedFetch, calls: fetchCalls } = recordingFetch();

const metering = new MeteringClient({
  baseUrl: 'http://127.0.0.1:9',
  streamBaseUrl: 'http://127.0.0.1:9',
  apiKey: 'sk_test_properties',
  retry: 0,
  fetch: recordedFetch,
});

// ---- the property ----

const nonInteger = fc.oneof(
  fc.double().filter((value) => !Number.isInteger(value)),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
);
/** Not an integer from `min` to `max`. */
const notIntegerWithin = (min: number, max?: number) =>
  fc.oneof(
    fc.integer({ max: min - 1 }),
    ...(max === undefined ? [] : [fc.double({ min: max + 1, noNaN: true })]),
    nonInteger,
    otherThan('number'),
  );
/** A name or identifier: 1 to 100 characters. */
const invalidName = fc.oneof(fc.constant(''), tooLong(100), otherThan('string'));
/** Not an ISO 8601 date-time with a zone: no zone, a space for T, a date alone, `+0200`, a bad month, a Date, epoch numbers. */
const invalidZonedDateTime = fc.oneof(
  fc.date({ noInvalidDate: true }).chain((date) => {
    const iso = new Date(Math.min(Math.max(date.getTime(), 0), Date.UTC(9999, 0))).toISOString();
    return fc.constantFrom(
      iso.slice(0, 19),
      iso.slice(0, 23),
      iso.replace('T', ' '),
      iso.slice(0, 10),
      iso.replace('Z', '+0200'),
      iso.replace('Z', 'UTC'),
    );
  }),
  fc.integer({ min: 13, max: 99 }).map((month) => `2026-${month}-01T00:00:00Z`),
  fc.string().filter((text) => !/^\d/.test(text)),
  fc.date(),
  otherThan('string'),
);
const unknownKey = fc
  .string({ minLength: 1 })
  .filter(
    (key) =>
      /^\w+$/.test(key) && !['event_name', 'payload', 'identifier', 'timestamp'].includes(key),
  );

// ---- the table: one row per method and field ----

const event = (index: number) => ({
  event_name: 'api_call',
  payload: { stripe_customer_id: `cus_${index}`, value: '1' },
  identifier: `evt_${index}`,
  timestamp: '2026-06-01T09:30:00.000Z',
});
const eventFields = {
  event_name: fc.oneof(fc.constant(OMIT), invalidName),
  payload: fc.oneof(
    fc.constant(OMIT),
    otherThan('object'),
    fc
      .tuple(fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }), otherThan('string'))
      .map(([payload, bad]) => ({ ...payload, value: bad })),
  ),
  identifier: invalidName,
  timestamp: invalidZonedDateTime,
};

/** Rows for one event's fields; `prefix` is where `send` puts the event (`events[2].`, or none). */
function eventRows(op: string, prefix: string, send: (event: Record<string, unknown>) => unknown) {
  return [
    ...Object.entries(eventFields).map(
      ([field, invalid]): Row => ({
        op,
        field: `${prefix}${field}`,
        invalid,
        call: (value) => send(withField(event(2), field, value)),
      }),
    ),
    {
      op,
      field: `${prefix}<unknown field>`,
      invalid: unknownKey,
      call: (key: unknown) => send({ ...event(2), [key as string]: 'x' }),
      fieldOf: (key: unknown) => `${prefix}${key as string}`,
    },
  ];
}

/** A stream that never receives a valid event, so it never sends. */
const streams: MeterEventStream[] = [];
function stream(): MeterEventStream {
  const created = metering.createStream({ flushIntervalMs: 60_000 });
  streams.push(created);
  return created;
}

const streamOptions = {
  batchSize: 50,
  flushIntervalMs: 100,
  concurrency: 2,
  maxBufferedEvents: 500,
  retry: 1,
  onBatchError: () => {},
};

const rows: Row[] = [
  {
    op: 'events.send',
    field: 'events',
    invalid: fc.oneof(
      otherThan('array'),
      fc.constant([]),
      fc
        .integer({ min: 101, max: 150 })
        .map((count) => Array.from({ length: count }, (_, i) => event(i))),
    ),
    call: (events) => metering.events.send(events as never),
  },
  // the third of four events is the bad one
  ...eventRows('events.send', 'events[2].', (bad) =>
    metering.events.send([event(0), event(1), bad, event(3)] as never),
  ),
  ...eventRows('stream.push', '', (bad) => stream().push(bad as never)),
  ...eventRows('stream.write', '', (bad) => stream().write(bad as never)),
  ...fieldRows(
    'createStream',
    streamOptions,
    {
      batchSize: notIntegerWithin(1, 100),
      flushIntervalMs: notIntegerWithin(0, 2_147_483_647),
      concurrency: notIntegerWithin(1),
      maxBufferedEvents: fc.oneof(notIntegerWithin(1), fc.integer({ min: 1, max: 49 })),
      retry: fc.oneof(
        fc.integer({ max: -1 }),
        nonInteger,
        otherThan('number', 'object'),
        notIntegerWithin(0).map((limit) => ({ limit })),
      ),
      onBatchError: otherThan(),
    },
    (options) => metering.createStream(options as never),
  ),
  // request options, which every method takes
  {
    op: 'sessions.create',
    field: 'timeout',
    invalid: fc.oneof(
      fc.integer({ max: 0 }),
      fc.double({ min: 2 ** 31, max: 2 ** 53, noNaN: true, noDefaultInfinity: true }),
      fc.constant(Number.NaN),
    ),
    call: (timeout) => metering.sessions.create({ timeout: timeout as number }),
  },
];

describe('MeteringClient input validation (property)', () => {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => {
    expect(fetchCalls.splice(0)).toEqual([]);
    expect(nock.pendingMocks()).toEqual([]);
  });
  afterAll(async () => {
    nock.enableNetConnect();
    await Promise.all(streams.map((created) => created.close()));
    expect(streams.every((created) => created.stats.accepted === 0)).toBe(true);
  });

  for (const row of rows) checkRow(row, fetchCalls);
});
