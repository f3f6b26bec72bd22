import type { $ZodType } from 'zod/v4/core';
import { RequestValidationError } from '../errors/errors';
import { validateInput } from '../validation/validate';

/** A query value; arrays are sent comma-separated, `undefined` and `null` are left out. */
export type QueryValue =
  | string
  | number
  | boolean
  | Date
  | null
  | undefined
  | readonly (string | number | boolean)[];

const isPathValue = (value: unknown) =>
  typeof value === 'number'
    ? Number.isSafeInteger(value) && value >= 0
    : typeof value === 'string' && value !== '';

/**
 * A path template with its `{name}` placeholders filled, each value percent-encoded. The values are
 * checked against the operation's `params` schema, or else must be non-empty strings or whole numbers.
 */
export function filledPath(
  template: string,
  values: Record<string, unknown> | undefined,
  schema: $ZodType | undefined,
  operation: string,
): string {
  if (!template.includes('{')) return template;
  const subject = `arguments of ${operation}`;
  const checked = schema
    ? (validateInput(schema, values ?? {}, subject) as Record<string, unknown>)
    : values;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = checked?.[name];
    if (!isPathValue(value)) {
      throw new RequestValidationError(subject, [
        { path: name, message: 'must be a non-empty string or a whole number' },
      ]);
    }
    return encodeURIComponent(String(value));
  });
}

/** The query as `?name=value&...` (nothing when it is empty): lists comma-separated, dates in ISO 8601. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const name of Object.keys(query)) {
    const value = query[name];
    // A list's string is its items joined with commas.
    if (value != null)
      params.append(name, value instanceof Date ? value.toISOString() : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Where a call goes: its path (with its query) under the base URL, which ends with `/`. */
export function targetUrl(base: string, path: string): string {
  return base.endsWith('/') ? `${base}${path}` : `${base}/${path}`;
}
