/**
 * Options given over defaults, key by key. A pair of alternatives (such as idm's `auth` and
 * `token`) holds one of the two at a time: naming one in `given` drops the other's default, so
 * that a test can switch a client to the other kind of option without unsetting the first.
 */
export function mergeOptions<T extends object>(
  defaults: T,
  given: object | undefined,
  alternatives: ReadonlyArray<readonly [string, string]> = [],
): T {
  const merged = { ...defaults, ...given } as Record<string, unknown>;
  for (const [one, other] of alternatives) {
    if (names(given, other) && !names(given, one)) delete merged[one];
    if (names(given, one) && !names(given, other)) delete merged[other];
  }
  return merged as T;
}

function names(given: object | undefined, key: string): boolean {
  return given !== undefined && (given as Record<string, unknown>)[key] !== undefined;
}
