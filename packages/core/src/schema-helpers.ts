import * as z from 'zod/mini';

/**
 * Small schema builders for the clients' wire contracts. Each is a refinement on a plain type, or a
 * custom check, rather than zod's dedicated format, enum and record types, which cost kilobytes of
 * bundle between them. The messages name the rule the way RequestValidationError reports it.
 *
 * Custom checks are opaque to JSON Schema generators, so `oneOf` and `recordOf` leave their JSON
 * Schema in `jsonSchema` on the schema they return (read it with `jsonSchemaHint`): the reference
 * server's OpenAPI document does.
 */

/** The JSON Schema a builder below attached to the schema it made, if any. */
export function jsonSchemaHint(schema: unknown): Record<string, unknown> | undefined {
  return (schema as { jsonSchema?: Record<string, unknown> }).jsonSchema;
}

const hinted = <S>(schema: S, jsonSchema: Record<string, unknown>): S =>
  Object.assign(schema as object, { jsonSchema }) as S;

function parsesAsUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** An absolute URL of any scheme. */
export const urlString = () => z.string().check(z.refine(parsesAsUrl, 'must be a valid URL'));

/** An absolute http:// or https:// URL. */
export const httpUrlString = () =>
  z
    .string()
    .check(
      z.refine(
        (value) => /^https?:\/\//i.test(value) && parsesAsUrl(value),
        'must be an http(s) URL',
      ),
    );

/** An ISO 8601 date and time, such as `2026-06-01T09:30:00Z`. */
export const isoDateTimeString = () =>
  z
    .string()
    .check(
      z.refine(
        (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)),
        'must be an ISO 8601 date-time',
      ),
    );

/**
 * One check for a number's rules, reporting each broken rule as zod's own checks would (the bound
 * ones as `too_small` and `too_big`, which `describeIssues` words), so that the number schemas of
 * every client need none of zod's numeric check classes in the bundle.
 */
const numberRules =
  (whole: boolean, min?: number, max?: number) =>
  (payload: z.core.ParsePayload<number>): void => {
    const input = payload.value;
    const broke = (issue: Record<string, unknown>) =>
      payload.issues.push({ ...issue, input, continue: true } as z.core.$ZodRawIssue);
    if (whole && !Number.isInteger(input)) broke({ code: 'custom', message: 'must be an integer' });
    if (min !== undefined && input < min) {
      broke({ code: 'too_small', origin: 'number', minimum: min, inclusive: true });
    }
    if (max !== undefined && input > max) {
      broke({ code: 'too_big', origin: 'number', maximum: max, inclusive: true });
    }
  };

const bounds = (min?: number, max?: number) => ({
  ...(min === undefined ? {} : { minimum: min }),
  ...(max === undefined ? {} : { maximum: max }),
});

/** An integer, optionally within bounds (inclusive). */
export const integer = (min?: number, max?: number) =>
  // The rules are one custom check, invisible to JSON Schema generators: the hint says them.
  hinted(z.number().check(numberRules(true, min, max)), { type: 'integer', ...bounds(min, max) });

/** A number within bounds (inclusive), such as a latitude. */
export const numberBetween = (min: number, max: number) =>
  hinted(z.number().check(numberRules(false, min, max)), { type: 'number', ...bounds(min, max) });

/** An email address: one `@` with text on both sides and a dot in the domain, no spaces. */
export const emailString = () =>
  z
    .string()
    .check(
      z.refine(
        (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
        'must be a valid email address',
      ),
    );

/**
 * An object used as a map: any keys, every value matching `value`. Lighter than `z.record`, at the
 * price of naming the map rather than the key when a value is wrong.
 */
export const recordOf = <T extends z.core.$ZodType>(value: T, rule = 'must be an object') =>
  hinted(
    z.custom<Record<string, z.output<T>>>(
      (input) =>
        typeof input === 'object' &&
        input !== null &&
        !Array.isArray(input) &&
        Object.values(input).every((entry) => z.safeParse(value, entry).success),
      rule,
    ),
    { type: 'object' },
  );

/** One of a fixed set of strings; lighter than `z.enum`, with the same typed result. */
export const oneOf = <const T extends string>(values: readonly T[]) =>
  hinted(
    z.custom<T>(
      (value) => values.includes(value as T),
      `must be one of ${values.map((value) => `"${value}"`).join(', ')}`,
    ),
    { type: 'string', enum: values },
  );
