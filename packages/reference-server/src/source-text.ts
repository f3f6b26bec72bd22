const sourceText = Symbol('source text');

/**
 * Remembers how a value that hides its secrets (an auth helper's result) was written, so that the
 * CLI can print options a reader can paste. Not enumerable: it never shows when the value is
 * logged, inspected or serialized.
 */
export function written<T extends object>(value: T, source: string): T {
  Object.defineProperty(value, sourceText, { value: source, enumerable: false });
  return value;
}

/** The code that builds an option value made by `written`, if it was. */
export function sourceTextOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  return (value as { [sourceText]?: string })[sourceText];
}

/** A string as a single-quoted TypeScript literal. */
export function quoted(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
