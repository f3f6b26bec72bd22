/**
 * The harness of the clients' input properties (each client's test/properties.test.ts): for one
 * field of one method, every generated invalid value must be refused with a RequestValidationError
 * whose issues concern that field and whose message names it, and the client's recording `fetch`
 * must not have been called.
 */
import { RequestValidationError } from '@clientkit/core';
import fc from 'fast-check';
import { expect, it } from 'vitest';

/** Every property runs this many cases from this seed, so a failure replays exactly. */
export const SEED = 20_260_601;
export const NUM_RUNS = 50;

/** A `fetch` that records each call and fails it: no request may be made. */
export function recordingFetch(): { fetch: typeof fetch; calls: unknown[] } {
  const calls: unknown[] = [];
  const fetchImpl = (async (...args: unknown[]) => {
    calls.push(args);
    throw new Error('no request may be made');
  }) as typeof fetch;
  return { fetch: fetchImpl, calls };
}

/** Leaves the field out of the input altogether. */
export const OMIT = Symbol('omit');

export interface Row {
  /** The method, as its operation is named (`spaces.update`). */
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

export function checkRow(row: Row, fetchCalls: readonly unknown[]) {
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
export function withField(base: Record<string, unknown>, field: string, value: unknown) {
  const input: Record<string, unknown> = { ...base };
  if (value === OMIT) delete input[field];
  else input[field] = value;
  return input;
}

/** One row per field of an object input: `send` gets the object with that field made invalid. */
export function fieldRows(
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

export const kinds = {
  string: fc.string(),
  number: fc.oneof(fc.integer(), fc.double()),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.array(fc.anything(), { maxLength: 3 }),
  object: fc.dictionary(fc.string(), fc.anything(), { maxKeys: 3 }),
};
export type Kind = keyof typeof kinds;

/** Values of every JSON type but the given ones. */
export const otherThan = (...allowed: Kind[]) =>
  fc.oneof(
    ...Object.entries(kinds)
      .filter(([kind]) => !allowed.includes(kind as Kind))
      .map(([, values]) => values),
  );

/** A string that is none of `known` (their upper- and lower-case forms among them). */
export const unknownValue = (known: readonly string[]) => {
  const other = fc.string().filter((text) => !known.includes(text));
  const cased = known
    .flatMap((value) => [value.toUpperCase(), value.toLowerCase()])
    .filter((value) => !known.includes(value));
  return cased.length > 0 ? fc.oneof(other, fc.constantFrom(...cased)) : other;
};
export const tooLong = (max: number) => fc.string({ minLength: max + 1, maxLength: max + 40 });
