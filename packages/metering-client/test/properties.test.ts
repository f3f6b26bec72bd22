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
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type MeterEventStream, MeteringClient, RequestValidationError } from '../src/index';

const SEED = 20_260_601;
const NUM_RUNS = 50;

const fetchCalls: unknown[] = [];
const recordingFetch = (async (...args: unknown[]) => {
  fetchCalls.push(args);
  throw new Error('no request may be made');
}) as typeof fetch;

const metering = new MeteringClient({
  baseUrl: 'http://127.0.0.1:9',
  streamBaseUrl: 'http://127.0.0.1:9',
  apiKey: 'sk_test_properties',
  maxRetries: 0,
  fetch: recordingFetch,
});

// ---- the property ----

/** Leaves the field out of the input altogether. */
const OMIT = Symbol('omit');

interface Row {
  /** The method, as its operation is named (`events.send`). */
  op: string;
  /** The path of the field the invalid values go into, as issues name it. */
  field: string;
  invalid: fc.Arbitrary<unknown>;
  /** Calls the method with `value` in the field and every other input valid. */
  call: (value: unknown) => unknown;
  /** The field's path when it depends on the value (an unknown key); `field` otherwise. */
  fieldOf?: (value: unknown) => string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const mentions = (text: string, field: string) =>
  new RegExp(`(^|[^\\w.])${escapeRegExp(field)}($|[^\\w])`).test(text);

/** `position.before.space` -> the enclosing `position.before` and the key `space`. */
function splitPath(field: string): { parent: string; key: string } {
  const dot = field.lastIndexOf('.');
  return dot === -1
    ? { parent: '', key: field }
    : { parent: field.slice(0, dot), key: field.slice(dot + 1) };
}

/**
 * True when the issue is about `field`: its path is the field or inside it, or it is a rule of the
 * enclosing object that names the field (an unknown key, or a rule between two fields).
 */
function concerns(issue: { path: string; message: string }, field: string): boolean {
  if (issue.path === field || issue.path.startsWith(`${field}.`)) return true;
  if (issue.path.startsWith(`${field}[`)) return true;
  const { parent, key } = splitPath(field);
  return issue.path === parent && mentions(issue.message, key);
}

/** True when the error's message names the field (or its key, after the enclosing object). */
function messageNames(message: string, field: string): boolean {
  if (mentions(message, field)) return true;
  const { parent, key } = splitPath(field);
  return mentions(message, key) && (parent === '' || message.includes(parent));
}

async function errorOf(call: () => unknown): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  return undefined;
}

function checkRow(row: Row) {
  it(`${row.op}: any invalid ${row.field} is refused with a RequestValidationError naming it, before any request`, async () => {
    await fc.assert(
      fc.asyncProperty(row.invalid, async (value) => {
        const field = row.fieldOf?.(value) ?? row.field;
        const callsBefore = fetchCalls.length;
        const error = await errorOf(() => row.call(value));
        expect(error).toBeInstanceOf(RequestValidationError);
        const { issues, message } = error as RequestValidationError;
        expect(issues.length).toBeGreaterThan(0);
        for (const issue of issues) {
          expect(concerns(issue, field), `${issue.path} ${issue.message}`).toBe(true);
        }
        expect(messageNames(message, field), message).toBe(true);
        expect(fetchCalls.slice(callsBefore)).toEqual([]);
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
  });
}

/** `base` with `field` set to `value`, or without it for OMIT. */
function withField(base: Record<string, unknown>, field: string, value: unknown) {
  const input: Record<string, unknown> = { ...base };
  if (value === OMIT) delete input[field];
  else input[field] = value;
  return input;
}

/** One row per field of an object input: `send` gets the object with that field made invalid. */
function fieldRows(
  op: string,
  base: Record<string, unknown>,
  invalid: Record<string, fc.Arbitrary<unknown>>,
  send: (input: Record<string, unknown>) => unknown,
): Row[] {
  return Object.entries(invalid).map(([field, values]) => ({
    op,
    field,
    invalid: values,
    call: (value) => send(withField(base, field, value)),
  }));
}

// ---- invalid values ----

const kinds = {
  string: fc.string(),
  number: fc.oneof(fc.integer(), fc.double()),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.array(fc.anything(), { maxLength: 3 }),
  object: fc.dictionary(fc.string(), fc.anything(), { maxKeys: 3 }),
};
type Kind = keyof typeof kinds;

/** Values of every JSON type but the given ones. */
const otherThan = (...allowed: Kind[]) =>
  fc.oneof(
    ...Object.entries(kinds)
      .filter(([kind]) => !allowed.includes(kind as Kind))
      .map(([, values]) => values),
  );

const tooLong = (max: number) => fc.string({ minLength: max + 1, maxLength: max + 40 });
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
  maxRetries: 1,
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
      maxRetries: notIntegerWithin(0),
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

  for (const row of rows) checkRow(row);
});
