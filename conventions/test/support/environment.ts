import { vi } from 'vitest';

/**
 * Unsets every `CLIENTKIT_*` variable for the test, so that what the machine running the suite
 * exported (`pnpm serve` prints such lines) cannot stand in for options a test leaves out.
 */
export function clearClientkitEnvironment(): void {
  for (const name of Object.keys(process.env)) {
    if (name.startsWith('CLIENTKIT_') && name !== 'CLIENTKIT_LOG') vi.stubEnv(name, undefined);
  }
}

/** Sets exactly `variables` among the `CLIENTKIT_*` ones for the test. */
export function stubClientkitEnvironment(variables: Record<string, string>): void {
  clearClientkitEnvironment();
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
}
