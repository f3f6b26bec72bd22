import type { Context } from 'hono';
import { ApiProblem } from '../../problem';

/** How a client may authenticate at the token endpoint, as the discovery document names them. */
export const CLIENT_AUTHENTICATION_METHODS = ['client_secret_basic', 'client_secret_post'] as const;

/**
 * The challenge of a 401 to a client that sent Basic credentials, naming the scheme it used. The
 * charset tells clients that the id and secret are read as UTF-8.
 */
export const BASIC_CHALLENGE = 'Basic realm="oauth", charset="UTF-8"';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The Authorization header's credentials when its scheme is Basic (any case), else undefined. */
function basicToken(c: Context): string | undefined {
  const match = /^Basic(?:\s+(.*))?$/is.exec(c.req.header('authorization')?.trim() ?? '');
  return match ? (match[1] ?? '') : undefined;
}

/** True when the request authenticates its client with `Authorization: Basic`. */
export function sentBasicCredentials(c: Context): boolean {
  return basicToken(c) !== undefined;
}

function malformed(): ApiProblem {
  return new ApiProblem(
    400,
    'The Authorization header does not hold Basic credentials: base64 of the form-urlencoded client id, a colon and the form-urlencoded secret',
    'invalid_request',
  );
}

/** One form-urlencoded part, decoded: a plus is a space, then percent escapes. */
function formDecode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    throw malformed();
  }
}

/**
 * The client id and secret of a Basic token. Both were form-urlencoded before the base64 encoding
 * (RFC 6749 §2.3.1), so the first colon separates them and each is decoded on its own.
 */
function decodeBasic(token: string): { clientId: string; clientSecret: string } {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token)) throw malformed();
  let text: string;
  try {
    text = utf8.decode(Buffer.from(token, 'base64'));
  } catch {
    throw malformed();
  }
  const colon = text.indexOf(':');
  if (colon === -1) throw malformed();
  return {
    clientId: formDecode(text.slice(0, colon)),
    clientSecret: formDecode(text.slice(colon + 1)),
  };
}

/**
 * The token request's parameters with the client's credentials in `client_id` and
 * `client_secret`, wherever the client sent them. A client uses one method per request
 * (RFC 6749 §2.3): a secret in the body next to Basic credentials is refused, and so is a body
 * `client_id` that names another client than the Basic one. Without Basic, or with a body that is
 * no object (refused when it is checked), the body is left as it is.
 */
export function withClientCredentials(c: Context, body: unknown): unknown {
  const token = basicToken(c);
  if (token === undefined || typeof body !== 'object' || body === null || Array.isArray(body)) {
    return body;
  }
  if (Object.hasOwn(body, 'client_secret')) {
    throw new ApiProblem(
      400,
      'Send the client credentials either in the Authorization header or in the body, not both',
      'invalid_request',
    );
  }
  const { clientId, clientSecret } = decodeBasic(token);
  if (Object.hasOwn(body, 'client_id') && (body as { client_id: unknown }).client_id !== clientId) {
    throw new ApiProblem(
      400,
      'The client_id in the body is not the client of the Authorization header',
      'invalid_request',
    );
  }
  return { ...body, client_id: clientId, client_secret: clientSecret };
}
