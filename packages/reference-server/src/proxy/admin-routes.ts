import { Hono } from 'hono';
import type { ViolationLog } from './violation-log';

/**
 * The proxy's `/__admin` routes, on without `--admin`: they only show what the proxy found, and
 * clear it. `GET /__admin/violations` lists the violations and the unknown operations.
 */
export function proxyAdminRoutes(log: ViolationLog): Hono {
  const app = new Hono();
  app.get('/__admin/violations', (c) =>
    c.json({ violations: log.violations(), unknown: log.unknownOperations() }),
  );
  app.delete('/__admin/violations', (c) => {
    log.clear();
    return c.body(null, 204);
  });
  app.notFound((c) =>
    c.json(
      {
        error: `No admin route ${c.req.method} ${c.req.path}: the proxy has GET and DELETE /__admin/violations`,
      },
      404,
    ),
  );
  return app;
}
