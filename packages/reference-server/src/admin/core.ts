import { z } from 'zod/mini';
import { type Clock, parseDuration } from '../clock';
import type { ChaosOptions } from '../faults/chaos';
import type { FaultInjector } from '../faults/injector';
import type { InterfaceModule, InterfaceName } from '../interface';
import { bodyOf } from '../operations';
import { ApiProblem } from '../problem';
import type { TrafficControl } from '../traffic';
import { type AdminHandler, type AdminTable, adminOperation } from './table';

/** A duration as the clock reads it: milliseconds, or text such as `90s` or `7d`. */
const Duration = z.union([
  z.number(),
  z.string().check(
    z.refine(
      (text) => {
        try {
          parseDuration(text);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'must be milliseconds or a duration such as 90s, 5m, 1h or 7d' },
    ),
  ),
]);

const AdminSeedBody = z.record(z.string(), z.unknown());
const AdminClockBody = z.optional(
  z.strictObject({
    advance: z.optional(Duration),
    set: z.optional(
      z.string().check(
        z.refine((text) => !Number.isNaN(Date.parse(text)), {
          message: 'must be a date and time',
        }),
      ),
    ),
  }),
);
/** Milliseconds, or a range to draw each wait from. */
const AdminLatency = z.union([z.number(), z.strictObject({ min: z.number(), max: z.number() })]);
const AdminFaultBody = z.strictObject({
  method: z.optional(z.string()),
  path: z.optional(z.string()),
  status: z.optional(z.number()),
  kind: z.optional(z.enum(['reset', 'truncate', 'malformed', 'stall', 'empty', 'html'])),
  when: z.optional(z.enum(['before-headers', 'mid-body'])),
  retryAfter: z.optional(z.union([z.number(), z.string()])),
  headers: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
  latencyMs: z.optional(AdminLatency),
  drop: z.optional(z.boolean()),
  count: z.optional(z.number()),
  probability: z.optional(z.number()),
  seed: z.optional(z.number()),
});
/** The kinds are checked by `faults.chaos`, which names the one it does not know. */
const AdminChaosBody = z.strictObject({
  rate: z.number(),
  kinds: z.optional(z.array(z.union([z.number(), z.string()]))),
  seed: z.optional(z.number()),
  paths: z.optional(z.array(z.string())),
  latencyMs: z.optional(AdminLatency),
});

/** The named schemas of the server-wide admin bodies, for the document. */
export const coreAdminRequests = { AdminSeedBody, AdminClockBody, AdminFaultBody, AdminChaosBody };

const operations = [
  adminOperation('listAdminRoutes', 'GET', '/', 'Every admin route, as "METHOD path"'),
  adminOperation('getAdminOpenApi', 'GET', '/openapi.json', 'This document'),
  adminOperation(
    'reset',
    'POST',
    '/reset',
    'Every interface back to its seed data; faults and chaos cleared',
  ),
  adminOperation('seed', 'POST', '/seed', 'Replace the state of the named interfaces', {
    body: AdminSeedBody,
    errors: { 400: 'Not an object keyed by interface name, or seed data that does not fit' },
  }),
  adminOperation('getState', 'GET', '/state', 'The state of every interface'),
  adminOperation('getInterfaceState', 'GET', '/state/{interface}', 'The state of one interface', {
    errors: { 404: 'No such interface' },
  }),
  adminOperation('getClock', 'GET', '/clock', 'The server clock'),
  adminOperation('moveClock', 'POST', '/clock', 'Set or advance the clock; due timers run', {
    body: AdminClockBody,
  }),
  adminOperation(
    'listFaults',
    'GET',
    '/faults',
    'The injected faults still waiting, chaos mode (null when off) and the latest 1,000 injections',
  ),
  adminOperation('addFault', 'POST', '/faults', 'Inject a fault into the next matching requests', {
    body: AdminFaultBody,
    success: { 201: 'Added' },
    errors: { 400: 'A fault that is not valid' },
  }),
  adminOperation(
    'clearFaults',
    'DELETE',
    '/faults',
    'Remove every injected fault, end chaos mode, empty the log',
    { success: { 204: 'Cleared' } },
  ),
  adminOperation('startChaos', 'POST', '/faults/chaos', 'Turn on (or replace) chaos mode', {
    body: AdminChaosBody,
    errors: { 400: 'Chaos options that are not valid' },
  }),
  adminOperation(
    'getTraffic',
    'GET',
    '/traffic',
    'The requests to the interfaces since the last reset: how many, the most in flight at once, when each arrived',
  ),
  adminOperation('resetTraffic', 'DELETE', '/traffic', 'Count the traffic afresh', {
    success: { 204: 'Counted afresh' },
  }),
];

/** Where the server-wide handlers reach the rest of the server. */
export interface CoreAdminDeps {
  modules: InterfaceModule[];
  faults: FaultInjector;
  clock: Clock;
  traffic: TrafficControl;
  /** The `METHOD /__admin/...` line of every admin route. */
  routeList(): string[];
  /** The admin OpenAPI document for a server URL. */
  document(serverUrl: string): unknown;
}

function coreHandlers(deps: CoreAdminDeps): Record<string, AdminHandler> {
  const { modules, faults, clock, traffic } = deps;
  const byName = new Map<string, InterfaceModule>(modules.map((module) => [module.name, module]));
  const moduleNamed = (name: string) => {
    const module = byName.get(name);
    if (!module) throw new ApiProblem(404, `unknown interface "${name}"`);
    return module;
  };
  return {
    listAdminRoutes: (c) => c.json({ routes: deps.routeList() }),
    getAdminOpenApi: (c) => c.json(deps.document(`${new URL(c.req.url).origin}/__admin`) as object),
    reset: (c) => {
      for (const module of modules) module.reset();
      faults.clear();
      traffic.reset();
      return c.json({ reset: modules.map((module) => module.name) });
    },
    seed: (c, _, input) => {
      const body = bodyOf(input, AdminSeedBody);
      // Every name is checked before any interface is replaced, so a typo changes nothing.
      const unknown = Object.keys(body).find((name) => !byName.has(name));
      if (unknown !== undefined) throw new ApiProblem(400, `unknown interface "${unknown}"`);
      for (const [name, data] of Object.entries(body)) byName.get(name)!.seed(data);
      return c.json({ seeded: Object.keys(body) as InterfaceName[] });
    },
    getState: (c) => c.json(Object.fromEntries(modules.map((m) => [m.name, m.inspect()]))),
    getInterfaceState: (c) => c.json(moduleNamed(c.req.param('interface')!).inspect() as object),
    getClock: (c) => c.json({ now: clock.date().toISOString() }),
    moveClock: async (c, _, input) => {
      const body = bodyOf(input, AdminClockBody) ?? {};
      if (body.set !== undefined) await clock.set(body.set);
      if (body.advance !== undefined) await clock.advance(body.advance);
      return c.json({ now: clock.date().toISOString() });
    },
    listFaults: (c) =>
      c.json({
        faults: faults.list(),
        chaos: faults.activeChaos() ?? null,
        injected: faults.injected(),
      }),
    addFault: (c, _, input) => c.json(faults.add(bodyOf(input, AdminFaultBody)), 201),
    startChaos: (c, _, input) =>
      c.json(faults.chaos(bodyOf(input, AdminChaosBody) as ChaosOptions)),
    clearFaults: (c) => {
      faults.clear();
      return c.body(null, 204);
    },
    getTraffic: (c) => c.json(traffic.snapshot()),
    resetTraffic: (c) => {
      traffic.reset();
      return c.body(null, 204);
    },
  };
}

/** The server-wide admin routes: reset, seed, state, clock, faults, and the route list and document. */
export function coreAdminTable(deps: CoreAdminDeps): AdminTable {
  return { operations, handlers: coreHandlers(deps), requests: coreAdminRequests };
}
