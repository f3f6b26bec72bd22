import { Hono } from 'hono';
import { mountOperations, openApiPublisher } from '../../operations';
import type { SecretMap } from '../../secret-map';
import { docsDescription } from './description';
import { docsHandlers } from './handlers';
import { DOCS_BASE } from './listing';
import type { Principal } from './security';
import type { DocsStore } from './store';

export { DOCS_BASE } from './listing';

/** Where the interface's OpenAPI document is published, under its base path. */
export const DOCS_OPENAPI_PATH = `${DOCS_BASE}/openapi.json`;

/**
 * The documentation interface's routes: one per row of its operation table, mounted by the shared
 * operation module, and its OpenAPI document (public: it describes, it reveals no data).
 */
export function docsRoutes(
  store: DocsStore,
  tokens: SecretMap<Principal>,
  signingKey: string,
): Hono {
  const description = docsDescription(tokens);
  const document = openApiPublisher(description);
  const app = new Hono({ strict: false });
  app.get(DOCS_OPENAPI_PATH, (c) => c.json(document(`${new URL(c.req.url).origin}${DOCS_BASE}`)));
  app.route('/', mountOperations(description, docsHandlers(store, signingKey)));
  return app;
}
