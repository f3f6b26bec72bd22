/**
 * The names a control accepts, as a record so that TypeScript checks the list against the options'
 * own type: a name added to the type and left out here (or the reverse) fails to compile.
 */
export type KnownNames<T> = Record<keyof T, true>;

/**
 * Throws a TypeError naming every key of `given` that is not among `known`, and the known ones
 * once, so that a misspelt option fails where it is written instead of being silently ignored.
 * Only own keys count; `undefined` and `null` are left to the caller's own checks.
 */
export function refuseUnknownKeys(
  given: unknown,
  known: Record<string, true>,
  subject: string,
  noun = 'option',
): void {
  if (typeof given !== 'object' || given === null) return;
  const unknown = Object.keys(given).filter((key) => !Object.hasOwn(known, key));
  if (unknown.length === 0) return;
  const names = unknown.map((key) => JSON.stringify(key)).join(', ');
  const plural = unknown.length === 1 ? noun : `${noun}s`;
  throw new TypeError(
    `${subject}: unknown ${plural} ${names} (known ${noun}s: ${Object.keys(known).join(', ')})`,
  );
}
