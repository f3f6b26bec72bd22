import { requiredScope, type Tenant } from '@clientkit/contracts/idm';
import { Hono } from 'hono';
import { mountOperations, openApiPublisher } from '../../operations';
import { ApiProblem } from '../../problem';
import { auditLog } from './audit-log';
import { authorizeBearer } from './authorize';
import { idmDescription } from './description';
import { discoveryRoutes } from './discovery';
import { idmHandlers } from './handlers';
import type { Checkpoints } from './pagination';
import { IDM_BASE, TOKEN_PATH } from './paths';
import { type RateLimiter, rateLimit } from './rate-limit';
import { requireJson } from './request-checks';
import type { IdmStore } from './store';
import type { TokenIssuing } from './token-exchange';

/** Where the interface's OpenAPI document is published, under the management API's base path. */
export const IDM_OPENAPI_PATH = `${IDM_BASE}/openapi.json`;

/** What the routes of the interface work with. */
export interface IdmRouteParts {
  store: IdmStore;
  checkpoints: Checkpoints;
  limiter: RateLimiter;
  tenant: Tenant;
  issuing: TokenIssuing;
}

/**
 * The interface's routes. Every request under its prefixes is counted against the rate limit and,
 * when it writes, leaves a log event; then the operation table's routes authorize it, check its
 * input and run its handler. The OpenAPI document is public: it describes, it reveals no data;
 * so are the discovery document and the key set, which a client needs before it has a token.
 * Any other path under the base still needs a valid token (with the scope its method and resource
 * would need) and a JSON body, if any, before it is told there is no such route, as before the
 * table: routes are not probed anonymously.
 */
export function idmRoutes(parts: IdmRouteParts): Hono {
  const { store, checkpoints, limiter, tenant, issuing } = parts;
  const description = idmDescription(issuing.tokens, tenant);
  const document = openApiPublisher(description);
  const routes = new Hono({ strict: false });
  routes.use(`${IDM_BASE}/*`, auditLog(store), rateLimit(limiter));
  routes.use(TOKEN_PATH, auditLog(store), rateLimit(limiter));
  routes.get(IDM_OPENAPI_PATH, (c) => c.json(document(new URL(c.req.url).origin)));
  routes.route('/', discoveryRoutes());
  routes.route('/', mountOperations(description, idmHandlers(store, checkpoints, tenant, issuing)));
  routes.all(`${IDM_BASE}/*`, async (c) => {
    await authorizeBearer(c, issuing.tokens, requiredScope(c.req.method, c.req.path));
    await requireJson(c);
    throw new ApiProblem(404, `No route for ${c.req.method} ${c.req.path}`);
  });
  return routes;
}
