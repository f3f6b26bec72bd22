import { Hono } from 'hono';
import type { Duration } from '../../clock';
import { readJson } from '../../problem';
import type { RateLimiter, RateLimitOptions } from './rate-limit';

/** What the admin token route and `mintToken` take. */
export interface MintedIdmToken {
  /** The scopes of the token, any strings (default: every scope of clients and logs). */
  scopes?: string[];
  /** Its lifetime, such as `1h` or `90s` (default: the interface's token lifetime). */
  expiresIn?: Duration;
  /** The application it speaks for (default the full-access development application). */
  clientId?: string;
}

/** Test-control routes under `/__admin/idm`. */
export function idmAdminRoutes(
  mint: (options: MintedIdmToken) => Promise<{ access_token: string }>,
  limiter: RateLimiter,
): Hono {
  const admin = new Hono();
  admin.post('/tokens', async (c) => {
    const body = ((await readJson(c)) ?? {}) as MintedIdmToken;
    return c.json(await mint(body), 201);
  });
  admin.get('/rate-limit', (c) => c.json(limiter.options));
  admin.post('/rate-limit', async (c) => {
    const body = ((await readJson(c)) ?? {}) as RateLimitOptions;
    return c.json(limiter.configure(body));
  });
  return admin;
}
