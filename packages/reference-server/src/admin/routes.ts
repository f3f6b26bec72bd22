import { Hono } from 'hono';
import { tooLargeMessage } from '../body-limit';
import type { Clock } from '../clock';
import type { FaultInjector, FaultSpec } from '../faults';
import type { InterfaceModule } from '../interface';
import { ApiProblem, readJson } from '../problem';

/**
 * The body limit of the admin routes: room for seed data and for a raw inbound message of the
 * largest size the mail interface accepts (25 MiB by default).
 */
export const ADMIN_BODY_LIMIT = {
  maxBytes: 64 * 1024 * 1024,
  tooLarge: (maxBytes: number) => new ApiProblem(413, tooLargeMessage(maxBytes)),
};

/** The test-control routes under `/__admin`. They are only mounted when admin routes are enabled. */
export function createAdminRoutes(
  modules: InterfaceModule[],
  faults: FaultInjector,
  clock: Clock,
): Hono {
  const admin = new Hono();
  const byName = new Map(modules.map((module) => [module.name, module]));

  admin.onError((error, c) =>
    c.json({ error: error.message }, error instanceof ApiProblem ? (error.status as 400) : 400),
  );

  admin.get('/', (c) =>
    c.json({
      routes: [
        'POST /__admin/reset',
        'POST /__admin/seed',
        'GET /__admin/state',
        'GET /__admin/state/{interface}',
        'GET /__admin/clock',
        'POST /__admin/clock',
        'GET /__admin/faults',
        'POST /__admin/faults',
        'DELETE /__admin/faults',
        ...modules.filter((m) => m.admin).map((m) => `/__admin/${m.name}/...`),
      ],
    }),
  );

  admin.post('/reset', (c) => {
    for (const module of modules) module.reset();
    faults.clear();
    return c.json({ reset: modules.map((module) => module.name) });
  });

  admin.post('/seed', async (c) => {
    const body = (await readJson(c)) as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object')
      throw new Error('the body must be an object keyed by interface name');
    for (const name of Object.keys(body)) {
      if (!byName.has(name as InterfaceModule['name']))
        throw new Error(`unknown interface "${name}"`);
    }
    for (const [name, data] of Object.entries(body))
      byName.get(name as InterfaceModule['name'])!.seed(data);
    return c.json({ seeded: Object.keys(body) });
  });

  admin.get('/state', (c) => c.json(Object.fromEntries(modules.map((m) => [m.name, m.inspect()]))));
  admin.get('/state/:name', (c) => {
    const module = byName.get(c.req.param('name') as InterfaceModule['name']);
    if (!module) return c.json({ error: `unknown interface "${c.req.param('name')}"` }, 404);
    return c.json(module.inspect() as object);
  });

  admin.get('/clock', (c) => c.json({ now: clock.date().toISOString() }));
  admin.post('/clock', async (c) => {
    const body = ((await readJson(c)) ?? {}) as { advance?: number | string; set?: string };
    if (body.set !== undefined) await clock.set(body.set);
    if (body.advance !== undefined) await clock.advance(body.advance);
    return c.json({ now: clock.date().toISOString() });
  });

  admin.get('/faults', (c) => c.json({ faults: faults.list() }));
  admin.post('/faults', async (c) => {
    const spec = (await readJson(c)) as FaultSpec | undefined;
    if (!spec || typeof spec !== 'object') throw new Error('the body must describe a fault');
    return c.json(faults.add(spec), 201);
  });
  admin.delete('/faults', (c) => {
    faults.clear();
    return c.body(null, 204);
  });

  for (const module of modules) if (module.admin) admin.route(`/${module.name}`, module.admin);
  return admin;
}
