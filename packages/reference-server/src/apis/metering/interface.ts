import { Hono } from 'hono';
import type { InterfaceModule, ServerContext } from '../../interface';

/** Options of the metering interface. */
export type MeteringOptions = Record<string, unknown>;

/** Programmatic control of the metering interface. */
export type MeteringControl = Record<string, unknown>;

// Placeholder registration: this interface is being built (see the metering issue).
export function createMeteringInterface(
  _context: ServerContext,
  _options: MeteringOptions = {},
): { module: InterfaceModule; control: MeteringControl } {
  const module: InterfaceModule = {
    name: 'metering',
    prefixes: ['/v2/billing'],
    routes: new Hono(),
    error: (c, problem) => c.json({ error: problem.message }, problem.status as 400),
    reset() {},
    seed() {},
    inspect: () => ({}),
    credentials: () => ({}),
  };
  return { module, control: {} };
}
