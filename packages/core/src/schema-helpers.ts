import * as z from 'zod/mini';

/**
 * Small schema builders for the clients' wire contracts. Each is a refinement on a plain string or
 * number rather than zod's dedicated format types, which cost several kilobytes of bundle each; the
 * messages name the rule the way RequestValidationError reports it.
 */

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

/** An integer, optionally within bounds (inclusive). */
export const integer = (min?: number, max?: number) => {
  const checks: z.core.$ZodCheck<number>[] = [
    z.refine((value: number) => Number.isInteger(value), 'must be an integer'),
  ];
  if (min !== undefined) checks.push(z.minimum(min));
  if (max !== undefined) checks.push(z.maximum(max));
  return z.number().check(...checks);
};
