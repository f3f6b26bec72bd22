import { mail } from '@clientkit/contracts/mail';
import { Hono } from 'hono';
import { mountOperations, openApiPublisher } from '../../operations';
import { ApiProblem } from '../../problem';
import { checkAccountRequest } from './account';
import { mailDescription } from './description';
import { mailHandlers } from './handlers';
import type { MailStore } from './store';

export { MailErrorCode } from './errors';

/**
 * Where the interface's OpenAPI document is published. It cannot be taken for a server: server IDs
 * are integers, so `/servers/openapi.json` never named one (it answered 601 before).
 */
export const MAIL_OPENAPI_PATH = `${mail.base}/openapi.json`;

/**
 * GET and PUT `/servers/{serverId}`: one route per operation of the contract, mounted by the shared
 * operation module, and the interface's OpenAPI document (public: it reveals no data).
 */
export function mailRoutes(store: MailStore, accountToken: () => string): Hono {
  const description = mailDescription(store, accountToken);
  const document = openApiPublisher(description);
  const app = new Hono({ strict: false });
  app.get(MAIL_OPENAPI_PATH, (c) => c.json(document(`${new URL(c.req.url).origin}${mail.base}`)));
  app.route('/', mountOperations(description, mailHandlers(store)));
  // Any other request under /servers is checked like the operations before it is an unknown route.
  app.all(`${mail.base}/*`, async (c) => {
    await checkAccountRequest(c, accountToken(), false);
    throw new ApiProblem(404, `No route for ${c.req.method} ${c.req.path}`);
  });
  return app;
}
