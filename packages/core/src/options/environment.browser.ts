import type { ClientEnvironment } from './client-environment';
import type { ResolvedOptions } from './environment';

// The browser build's environment (see tsup.config.ts): a page has none, so nothing is read and
// every option is the one the code gave, as environment.ts itself finds it there.

/** No variable is set in a browser. */
export function environmentVariable(_name: string): string | undefined {
  return undefined;
}

/** The options as the code gave them. */
export function withEnvironment(
  given: Record<string, unknown>,
  _environment: ClientEnvironment,
  _subject: string,
): ResolvedOptions {
  return { options: { ...given }, sources: {} };
}

/** The error as it is: no option came from a variable. */
export function namingVariables(
  error: unknown,
  _sources: Record<string, string>,
  _subject: string,
): unknown {
  return error;
}
