import { RequestValidationError } from '../errors/errors';

/** A secret, or a function that produces the current one (for example from a token provider). */
export type SecretSource = string | (() => string | Promise<string>);

/**
 * A credential given as an option or an argument: a non-empty string, or a function that returns the
 * current one.
 */
export function secretOption(value: unknown, field: string, subject: string): SecretSource {
  if ((typeof value === 'string' && value !== '') || typeof value === 'function') {
    return value as SecretSource;
  }
  throw new RequestValidationError(subject, [
    { path: field, message: 'must be a non-empty string or a function that returns one' },
  ]);
}
