/**
 * Header sets as the transport sends them: every name in lower case, since HTTP names are
 * case-insensitive and a name given twice in two cases must not go out twice.
 */

/** Sets each header under its lower-case name (HTTP names are case-insensitive); `undefined` removes it. */
export function setHeaders(
  target: Record<string, string | undefined>,
  source: Record<string, string | undefined>,
): void {
  for (const name in source) {
    const value = source[name];
    if (value === undefined) delete target[name.toLowerCase()];
    else target[name.toLowerCase()] = value;
  }
}

export function lowerCased(headers: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string | undefined> = {};
  setHeaders(result, headers);
  return result as Record<string, string>;
}

export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
