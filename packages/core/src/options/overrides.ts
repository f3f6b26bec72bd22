import { RequestValidationError } from '../errors/errors';
import { isObject } from './rules';

/**
 * The options of a client made by `withOptions`: those its parent was given in code, each option
 * in `overrides` replacing one whole (`headers`, `retry`, `hooks` included), and an override of
 * `undefined` dropping the option. The environment is read again by the new client, so what it
 * filled in for the parent does not stand in the way of an override (a `token` replacing `auth`).
 *
 * @example
 * overriddenOptions({ baseUrl, token, timeout: 5_000 }, { timeout: 60_000 }, 'DocsClient');
 */
export function overriddenOptions<T extends object>(
  given: T,
  overrides: unknown,
  clientName: string,
): T {
  if (!isObject(overrides)) {
    throw new RequestValidationError(`arguments of ${clientName}.withOptions`, [
      { path: 'overrides', message: 'must be an object of options' },
    ]);
  }
  return { ...given, ...overrides };
}
