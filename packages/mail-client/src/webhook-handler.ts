import { basicCredentialsChecker } from './basic-credentials';
import { MalformedInboundMessageError, parseInboundMessage } from './inbound-message';
import type { InboundMessage } from './schemas';
import type { WebhookCredentials } from './webhook-url';

// A brand rather than instanceof: each entry point of the package is bundled on its own, so the
// class a receiver imports from `./webhook` may not be the one the `./node` adapter was built with.
const rejectBrand = Symbol.for('@clientkit/mail-client.RejectMessage');

/**
 * Throw it from `onMessage` to refuse a message for good: the receiver answers 403 and the service
 * stops retrying it. Any other error answers 500, and the service tries again later.
 *
 * @example
 * if (!knownSender(message.From)) throw new RejectMessage('unknown sender');
 */
export class RejectMessage extends Error {
  override name = 'RejectMessage';
  readonly [rejectBrand] = true;
}

function isRejection(error: unknown): boolean {
  return (error as { [rejectBrand]?: unknown } | null)?.[rejectBrand] === true;
}

/** Options of `createInboundWebhookHandler`. */
export interface InboundWebhookOptions extends WebhookCredentials {
  /**
   * Handles one message. Resolve once it is safely stored: the 200 answer tells the service it is
   * delivered. Deliveries can repeat (a retry after a lost answer), so deduplicate on `MessageID`.
   */
  onMessage: (message: InboundMessage, request: Request) => unknown | Promise<unknown>;
  /** The realm named in `WWW-Authenticate` on a 401 (default `inbound mail`). */
  realm?: string;
}

/** The handler `createInboundWebhookHandler` returns: a Request in, a Response out. */
export type InboundWebhookHandler = (request: Request) => Promise<Response>;

function reply(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ message }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * A receiver for the inbound webhook, for any runtime with the Fetch API (Node, Deno, Bun, edge
 * workers). It checks the Basic credentials in constant time (401 otherwise), parses the payload
 * (400 when it is not an inbound message), then calls `onMessage`: 200 when it resolves, 403 when
 * it throws `RejectMessage` (no retry), 500 for any other error (the service retries).
 *
 * @example
 * const handle = createInboundWebhookHandler({
 *   username: 'mail',
 *   password: process.env.INBOUND_PASSWORD!,
 *   onMessage: async (message) => tickets.addReply(message.MailboxHash, message.StrippedTextReply),
 * });
 * export default { fetch: handle };
 */
export function createInboundWebhookHandler(options: InboundWebhookOptions): InboundWebhookHandler {
  if (typeof options?.onMessage !== 'function') {
    throw new TypeError('createInboundWebhookHandler: onMessage must be a function');
  }
  if (typeof options.username !== 'string' || typeof options.password !== 'string') {
    throw new TypeError('createInboundWebhookHandler: username and password must be strings');
  }
  if (options.username.includes(':')) {
    // Basic authentication splits at the first colon, so such a user name could never match.
    throw new TypeError('createInboundWebhookHandler: username cannot contain a colon');
  }
  const credentialsMatch = basicCredentialsChecker(options);
  const challenge = `Basic realm="${(options.realm ?? 'inbound mail').replace(/["\\]/g, '')}", charset="UTF-8"`;

  return async (request) => {
    if (request.method !== 'POST') {
      return reply(405, 'Only POST is accepted', { allow: 'POST' });
    }
    if (!(await credentialsMatch(request.headers.get('authorization')))) {
      return reply(401, 'Missing or wrong credentials', { 'www-authenticate': challenge });
    }
    let message: InboundMessage;
    try {
      message = parseInboundMessage(await request.text());
    } catch (error) {
      if (error instanceof MalformedInboundMessageError) return reply(400, error.message);
      return reply(400, 'The request body could not be read');
    }
    try {
      await options.onMessage(message, request);
    } catch (error) {
      if (isRejection(error))
        return reply(403, 'The message was refused and must not be sent again');
      return reply(500, 'The message could not be handled now; try again later');
    }
    return reply(200, 'Received');
  };
}
