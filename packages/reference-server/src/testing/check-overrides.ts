import type { InterfaceName } from '../interface';

const CLIENT_NAMES: readonly InterfaceName[] = ['docs', 'calendar', 'metering', 'mail', 'idm'];

/**
 * Refuses overrides that would be dropped without a word: an unknown client name (a typo) or
 * options that are not an object. What each client's options hold is the client's to check.
 */
export function checkOverrides(overrides: unknown): void {
  if (!isObject(overrides)) {
    throw new TypeError(
      `clients(overrides): overrides must be an object keyed by client name (${CLIENT_NAMES.join(', ')})`,
    );
  }
  for (const [name, options] of Object.entries(overrides)) {
    if (!CLIENT_NAMES.includes(name as InterfaceName)) {
      throw new TypeError(
        `clients(overrides): "${name}" is not a client; the clients are ${CLIENT_NAMES.join(', ')}`,
      );
    }
    if (options !== undefined && !isObject(options)) {
      throw new TypeError(
        `clients(overrides): overrides.${name} must be an object of ${name} client options`,
      );
    }
  }
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
