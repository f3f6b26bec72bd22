import type { InboundMessage } from '@clientkit/contracts/mail';
import { basicCredentialsChecker } from './basic-credentials';
import { MalformedInboundMessageError, parseInboundMessage } from './inbound-message';
import { BodyTooLargeError, DEFAULT_MAX_WEBHOOK_BODY_BYTES, readLimitedBody } from './limited-body';
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
  /**
   * The largest body accepted, in bytes; a larger one is answered 413 without being read past the
   * limit (default 64 MiB: the largest message the service accepts, base64 attachments and raw
   * text included).
   */
  maxBodyBytes?: number;
}

/** The handler `createInboundWebhookHandler` returns: a Request in, a Response out. */
export type InboundWebhookHandler = (request: Request) => Promise<Response>;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function reply(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ message }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The body as text, or the refusal to answer: 413 over the limit, 400 when it is not UTF-8. */
async function readText(request: Request, maxBytes: number): Promise<string | Response> {
  let body: Uint8Array;
  try {
    body = await readLimitedBody(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return reply(413, error.message);
    return reply(400, 'The request body could not be read');
  }
  try {
    return utf8.decode(body);
  } catch {
    return reply(400, 'The request body is not valid UTF-8');
  }
}

/**
 * A receiver for the inbound webhook, for any runtime with the Fetch API (Node, Deno, Bun, edge
 * workers). It checks the Basic credentials in constant time (401 otherwise), parses the payload
 * (400 when it is not an inbound message, 413 when the body is over `maxBodyBytes`, which is
 * checked only once the credentials are right), then calls `onMessage`: 200 when it resolves, 403 when
 * it throws `RejectMessage` (no retry), 500 for any other error (the service retries).
 *
 * A list longer than the service sends (`INBOUND_PAYLOAD_LIMITS`) is refused before the body is
 * parsed, and a 400 names at most 100 problems in at most 16 KiB. How long a body may take to
 * arrive is the host's to set (its server's request or body timeout): a Request reaches the
 * handler with its body still streaming. `createInboundWebhookListener` of
 * `@clientkit/mail-client/node` sets it for `node:http` (`bodyTimeoutMs`).
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
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_WEBHOOK_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes <= 0) {
    throw new TypeError('createInboundWebhookHandler: maxBodyBytes must be a positive integer');
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
    const text = await readText(request, maxBodyBytes);
    if (text instanceof Response) return text;
    let message: InboundMessage;
    try {
      message = parseInboundMessage(text);
    } catch (error) {
      if (error instanceof MalformedInboundMessageError) return reply(400, error.message);
      return reply(400, 'The payload could not be read');
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
