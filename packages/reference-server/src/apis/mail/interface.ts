import { Hono } from 'hono';
import type { InterfaceModule, ServerContext } from '../../interface';

/** Options of the mail interface. */
export type MailOptions = Record<string, unknown>;

/** Programmatic control of the mail interface. */
export type MailControl = Record<string, unknown>;

// Placeholder registration: this interface is being built (see the mail issue).
export function createMailInterface(
  _context: ServerContext,
  _options: MailOptions = {},
): { module: InterfaceModule; control: MailControl } {
  const module: InterfaceModule = {
    name: 'mail',
    prefixes: ['/servers'],
    routes: new Hono(),
    error: (c, problem) => c.json({ error: problem.message }, problem.status as 400),
    reset() {},
    seed() {},
    inspect: () => ({}),
    credentials: () => ({}),
  };
  return { module, control: {} };
}
