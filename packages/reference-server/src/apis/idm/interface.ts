import { Hono } from 'hono';
import type { InterfaceModule, ServerContext } from '../../interface';

/** Options of the idm interface. */
export type IdmOptions = Record<string, unknown>;

/** Programmatic control of the idm interface. */
export type IdmControl = Record<string, unknown>;

// Placeholder registration: this interface is being built (see the idm issue).
export function createIdmInterface(
  _context: ServerContext,
  _options: IdmOptions = {},
): { module: InterfaceModule; control: IdmControl } {
  const module: InterfaceModule = {
    name: 'idm',
    prefixes: ['/api/v2', '/oauth/token'],
    routes: new Hono(),
    error: (c, problem) => c.json({ error: problem.message }, problem.status as 400),
    reset() {},
    seed() {},
    inspect: () => ({}),
    credentials: () => ({}),
  };
  return { module, control: {} };
}
