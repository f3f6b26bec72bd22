import { UpdateServerBody } from '@clientkit/mail-client/schemas';
import { Hono } from 'hono';
import { bodyOf, mountOperations, type OperationHandler, openApiPublisher } from '../../operations';
import { ApiProblem } from '../../problem';
import { checkAccountRequest } from './account';
import { mailDescription } from './description';
import { displayHookUrl } from './hook-url';
import { hookUrlFields, presentServer } from './present';
import type { MailStore, StoredServer } from './store';

export { MailErrorCode } from './errors';

/**
 * Where the interface's OpenAPI document is published. It cannot be taken for a server: server IDs
 * are integers, so `/servers/openapi.json` never named one (it answered 601 before).
 */
export const MAIL_OPENAPI_PATH = '/servers/openapi.json';

/**
 * A hook URL sent back exactly as GET showed it (password left out) keeps the stored one, so that
 * reading a record and writing it back does not drop the credentials.
 */
function keepShownHookUrls(server: StoredServer, changes: UpdateServerBody): UpdateServerBody {
  const kept = { ...changes };
  for (const field of hookUrlFields) {
    if (kept[field] !== undefined && kept[field] === displayHookUrl(server[field])) {
      kept[field] = server[field];
    }
  }
  return kept;
}

function mailHandlers(store: MailStore): Record<string, OperationHandler<StoredServer>> {
  return {
    getServer: (c, server) => c.json(presentServer(server)),
    // Everything is checked before this point, and the answer is made before the one write, so
    // a request that fails (even in serializing its answer) stores nothing.
    updateServer: (c, server, input) => {
      const next = store.changed(
        server,
        keepShownHookUrls(server, bodyOf(input, UpdateServerBody)),
      );
      const answer = c.json(presentServer(next));
      store.update(next);
      return answer;
    },
  };
}

/**
 * GET and PUT `/servers/{serverid}`: one route per row of the operation table, mounted by the
 * shared operation module, and the interface's OpenAPI document (public: it reveals no data).
 */
export function mailRoutes(store: MailStore, accountToken: () => string): Hono {
  const description = mailDescription(store, accountToken);
  const document = openApiPublisher(description);
  const app = new Hono({ strict: false });
  app.get(MAIL_OPENAPI_PATH, (c) => c.json(document(new URL(c.req.url).origin)));
  app.route('/', mountOperations(description, mailHandlers(store)));
  // Any other request under /servers is checked like the operations before it is an unknown route.
  app.all('/servers/*', async (c) => {
    await checkAccountRequest(c, accountToken(), false);
    throw new ApiProblem(404, `No route for ${c.req.method} ${c.req.path}`);
  });
  return app;
}
