import { Hono } from 'hono';
import { readJson } from '../../problem';
import type { MeteringControl } from './interface';
import type { MeteringRateLimit } from './rate-limit';

/**
 * Test control under `/__admin/metering`: counted events, lookups by identifier, the error report,
 * sessions, the rate limit and new API keys. Counting is asynchronous: `POST /__admin/clock` with
 * `{ "advance": 0 }` runs the pending validation first.
 */
export function meteringAdmin(control: MeteringControl): Hono {
  const admin = new Hono();
  admin.onError((error, c) => c.json({ error: error.message }, 400));

  admin.get('/events', (c) =>
    c.json({
      ...control.counted(),
      repeats: control.repeats(),
      pending: control.pendingEvents(),
    }),
  );
  admin.get('/events/:identifier', (c) => {
    const event = control.lookup(c.req.param('identifier'));
    if (!event) return c.json({ error: 'No counted event has this identifier' }, 404);
    return c.json(event);
  });
  admin.get('/errors', (c) => c.json({ errors: control.errorReport() }));
  admin.get('/sessions', (c) => c.json(control.sessions()));
  admin.get('/rate-limit', (c) => c.json({ rateLimit: control.rateLimit() ?? null }));
  admin.put('/rate-limit', async (c) => {
    control.setRateLimit((await readJson(c)) as MeteringRateLimit);
    return c.json({ rateLimit: control.rateLimit() ?? null });
  });
  admin.delete('/rate-limit', (c) => {
    control.setRateLimit(undefined);
    return c.body(null, 204);
  });
  admin.post('/api-keys', async (c) => {
    const body = ((await readJson(c)) ?? {}) as { livemode?: boolean };
    return c.json({ apiKey: control.mintApiKey({ livemode: body.livemode === true }) }, 201);
  });
  return admin;
}
