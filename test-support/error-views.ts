import { inspect } from 'node:util';

/**
 * Every way an application sees an error, joined: its string, stack, JSON, `util.inspect` with the
 * hidden fields, and its body; a secret must appear in none of them.
 */
export function errorViews(error: unknown): string {
  return [
    String(error),
    (error as Error).stack,
    JSON.stringify(error),
    inspect(error, { showHidden: true, depth: 8 }),
    JSON.stringify((error as { body?: unknown }).body),
  ].join('\n');
}
