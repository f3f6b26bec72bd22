import { createHash, timingSafeEqual } from 'node:crypto';
import { UpdateServerBody } from '@clientkit/mail-client/schemas';
import { type Context, Hono } from 'hono';
import { ApiProblem, readJson, validate } from '../../problem';
import { displayHookUrl } from './hook-url';
import { hookUrlFields, presentServer } from './present';
import type { MailStore, StoredServer } from './store';

/** The interface's error codes (the `ErrorCode` of its error body). */
export const MailErrorCode = {
  badToken: 10,
  invalidJson: 402,
  incompatibleJson: 403,
  jsonRequired: 409,
  serverNotFound: 601,
  invalidWebhookUrl: 606,
  invalidColor: 607,
  nothingToUpdate: 609,
  invalidSpamThreshold: 611,
} as const;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares tokens through their digests, so the time taken tells nothing about a wrong guess. */
function tokenMatches(given: string | undefined, expected: Buffer): boolean {
  return timingSafeEqual(digest(given ?? ''), expected) && given !== undefined;
}

/** True when an Accept header is absent or admits application/json with a non-zero quality. */
function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const quality = params.find((param) => param.startsWith('q='));
    if (quality !== undefined && Number(quality.slice(2)) === 0) return false;
    return ['application/json', 'application/*', '*/*'].includes(type);
  });
}

function isJsonContentType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** The error code of the first field a PUT body got wrong. */
function codeForField(field: string): number {
  if (field === 'Color') return MailErrorCode.invalidColor;
  if (field === 'InboundSpamThreshold') return MailErrorCode.invalidSpamThreshold;
  if ((hookUrlFields as readonly string[]).includes(field)) return MailErrorCode.invalidWebhookUrl;
  return MailErrorCode.incompatibleJson;
}

function validUpdate(body: unknown): UpdateServerBody {
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  if (body !== undefined && !isObject) {
    throw new ApiProblem(422, 'The body must be a JSON object', MailErrorCode.incompatibleJson);
  }
  if (body === undefined || Object.keys(body).length === 0) {
    throw new ApiProblem(
      422,
      'Nothing to update: send at least one writable field of the server',
      MailErrorCode.nothingToUpdate,
    );
  }
  try {
    return validate(UpdateServerBody, body, 'body');
  } catch (error) {
    if (!(error instanceof ApiProblem)) throw error;
    const [field = 'body'] = Object.keys((error.details?.params ?? {}) as object);
    throw new ApiProblem(422, error.message, codeForField(field), error.details);
  }
}

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

/** GET and PUT `/servers/{serverid}`, behind the account token and the JSON header checks. */
export function mailRoutes(store: MailStore, accountToken: () => string): Hono {
  const app = new Hono({ strict: false });

  app.use('/servers/*', async (c, next) => {
    if (!tokenMatches(c.req.header('x-mail-account-token'), digest(accountToken()))) {
      throw new ApiProblem(
        401,
        'Missing or wrong account token: send it in the X-Mail-Account-Token header',
        MailErrorCode.badToken,
      );
    }
    if (!acceptsJson(c.req.header('accept'))) {
      throw new ApiProblem(
        406,
        'This interface answers JSON only: send Accept: application/json',
        MailErrorCode.jsonRequired,
      );
    }
    await next();
  });

  const serverOf = (c: Context): StoredServer => {
    const id = c.req.param('serverId') ?? '';
    const server = /^\d{1,15}$/.test(id) ? store.server(Number(id)) : undefined;
    if (!server) {
      throw new ApiProblem(
        404,
        `No server with ID ${id} in this account`,
        MailErrorCode.serverNotFound,
      );
    }
    return server;
  };

  app.get('/servers/:serverId', (c) => c.json(presentServer(serverOf(c))));

  app.put('/servers/:serverId', async (c) => {
    if (!isJsonContentType(c.req.header('content-type'))) {
      throw new ApiProblem(
        415,
        'Send the body as JSON with Content-Type: application/json',
        MailErrorCode.jsonRequired,
      );
    }
    const server = serverOf(c);
    const body = await readJson(c, { status: 422, code: MailErrorCode.invalidJson });
    const changes = keepShownHookUrls(server, validUpdate(body));
    return c.json(presentServer(store.update(server.ID, changes)));
  });

  return app;
}
