import * as z from '@clientkit/core/schema';

type Payload = z.core.ParsePayload<unknown>;
type Issue = z.core.$ZodRawIssue;

/**
 * The schema of an event's payload: an object of string values, its keys at most `maxKey` and its
 * values at most `maxValue` characters (code points), and no key named `__proto__` (refused by name
 * with `protoRule`: an object built from such a payload would drop it, or take it as its prototype).
 *
 * It does what zod's `pipe` into `record` did here, with the same issues, and so the same messages,
 * in one custom check: those two schema kinds cost the metering bundle about 0.7 kB gzip, for the one
 * field that needs them. Its JSON Schema is attached as a hint, since a custom check is opaque to
 * generators.
 */
export function payloadSchema(maxKey: number, maxValue: number, protoRule: string) {
  const schema = z.custom<Record<string, string>>().check((payload: Payload) => {
    checkPayload(payload, maxKey, maxValue, protoRule);
  });
  // The hint is read at run time only (jsonSchemaHint), so the schema keeps its declared type.
  return Object.assign(schema, {
    jsonSchema: {
      type: 'object',
      propertyNames: { maxLength: maxKey },
      additionalProperties: { type: 'string', maxLength: maxValue },
    },
  }) as typeof schema;
}

function checkPayload(payload: Payload, maxKey: number, maxValue: number, protoRule: string) {
  const input = payload.value;
  const push = (issue: Record<string, unknown>) => payload.issues.push(issue as Issue);
  if (typeof input === 'object' && input !== null && Object.hasOwn(input, '__proto__')) {
    push({ code: 'custom', message: protoRule, input, path: [], continue: false });
    return;
  }
  if (!isPlainObject(input)) {
    push({ code: 'invalid_type', expected: 'record', input });
    return;
  }
  const copy: Record<string, string> = {};
  for (const key of Reflect.ownKeys(input)) {
    if (!Object.prototype.propertyIsEnumerable.call(input, key)) continue;
    if (typeof key !== 'string' || codePoints(key) > maxKey) {
      push({ code: 'invalid_key', origin: 'record', issues: [], input: key, path: [key] });
      continue;
    }
    const value = input[key];
    checkValue(value, maxValue, (issue) => push({ ...issue, path: [key] }));
    copy[key] = value as string;
  }
  payload.value = copy;
}

/**
 * A value must be a string of at most `maxValue` code points. As with zod's string and maxLength, a
 * value that is not a string but has a length too great is refused on both counts.
 */
function checkValue(
  value: unknown,
  maxValue: number,
  push: (issue: Record<string, unknown>) => void,
): void {
  if (typeof value !== 'string') push({ code: 'invalid_type', expected: 'string', input: value });
  const units = (value as { length?: unknown } | null | undefined)?.length;
  if (units === undefined) return;
  const length = typeof value === 'string' && value.length > maxValue ? codePoints(value) : units;
  if ((length as number) <= maxValue) return;
  const origin = Array.isArray(value) ? 'array' : typeof value === 'string' ? 'string' : 'unknown';
  push({
    code: 'too_big',
    origin,
    maximum: maxValue,
    inclusive: true,
    input: value,
    continue: true,
  });
}

/** A plain object, or one without a prototype, as zod's record takes it. */
function isPlainObject(value: unknown): value is Record<string | symbol, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const made = (value as { constructor?: unknown }).constructor;
  if (typeof made !== 'function') return true;
  const prototype: unknown = made.prototype;
  return (
    typeof prototype === 'object' && prototype !== null && Object.hasOwn(prototype, 'isPrototypeOf')
  );
}

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
