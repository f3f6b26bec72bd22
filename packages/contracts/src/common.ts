/**
 * Schema builders the interfaces' contracts share. Each is zod's own schema with a message that
 * names the rule the way `RequestValidationError` reports it.
 */
import * as z from 'zod/mini';

/**
 * A record of an answer: its declared fields are typed (a misspelt field is a compile error), and
 * fields the service adds later still arrive at run time, also through response validation.
 */
export function record<const Shape extends z.core.$ZodLooseShape>(
  shape: Shape,
): z.ZodMiniObject<Shape, z.core.$strip> {
  return z.looseObject(shape) as unknown as z.ZodMiniObject<Shape, z.core.$strip>;
}

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

/** Whether `value` is an absolute http:// or https:// URL. */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value) && parsesAsUrl(value);
}

/** An absolute http:// or https:// URL. */
export const httpUrlString = () => z.string().check(z.refine(isHttpUrl, 'must be an http(s) URL'));

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

/** Whether `value` is an email address, as `emailString` checks it. */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** An email address: one `@` with text on both sides and a dot in the domain, no spaces. */
export const emailString = () =>
  z.string().check(z.refine(isEmailAddress, 'must be a valid email address'));

/** A whole number, optionally within bounds (inclusive). */
export const integer = (min?: number, max?: number) => z.int().check(...bounds(min, max));

/** A number within bounds (inclusive), such as a latitude. */
export const numberBetween = (min: number, max: number) => z.number().check(...bounds(min, max));

function bounds(min: number | undefined, max: number | undefined) {
  return [...(min === undefined ? [] : [z.gte(min)]), ...(max === undefined ? [] : [z.lte(max)])];
}
