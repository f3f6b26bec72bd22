import { Hono } from 'hono';
import type { InterfaceModule, ServerContext } from '../../interface';

/** Options of the calendar interface. */
export type CalendarOptions = Record<string, unknown>;

/** Programmatic control of the calendar interface. */
export type CalendarControl = Record<string, unknown>;

// Placeholder registration: this interface is being built (see the calendar issue).
export function createCalendarInterface(
  _context: ServerContext,
  _options: CalendarOptions = {},
): { module: InterfaceModule; control: CalendarControl } {
  const module: InterfaceModule = {
    name: 'calendar',
    prefixes: ['/wp-json'],
    routes: new Hono(),
    error: (c, problem) => c.json({ error: problem.message }, problem.status as 400),
    reset() {},
    seed() {},
    inspect: () => ({}),
    credentials: () => ({}),
  };
  return { module, control: {} };
}
