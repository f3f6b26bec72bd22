import type { mail, UpdateServerBody } from '@clientkit/contracts/mail';
import type { HandlersOf } from '../../operations';
import { displayHookUrl } from './hook-url';
import { hookUrlFields, presentServer } from './present';
import type { MailStore, StoredServer } from './store';

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

/**
 * The behaviour of each mail operation, keyed by operationId. The account token, the server the
 * path names and the body are checked before a handler runs.
 */
export function mailHandlers(store: MailStore): HandlersOf<typeof mail, StoredServer> {
  return {
    getServer: (c, server) => c.json(presentServer(server)),
    // Everything is checked before this point, and the answer is made before the one write, so
    // a request that fails (even in serializing its answer) stores nothing.
    updateServer: (c, server, { body }) => {
      const next = store.changed(server, keepShownHookUrls(server, body));
      const answer = c.json(presentServer(next));
      store.update(next);
      return answer;
    },
  };
}
