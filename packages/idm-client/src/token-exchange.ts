import { idm, type TokenRequest } from '@clientkit/contracts/idm';
import { TokenResponse } from '@clientkit/contracts/idm/responses';
import {
  APIResponseValidationError,
  type IssuedToken,
  PermissionDeniedError,
  REDACTED,
} from '@clientkit/core';
import { validateResponse } from '@clientkit/core/contract';
import { type ClientCore, makeAPIError, scrubbedError } from '@clientkit/core/internal';
import { idmErrorBody } from './error-body';

type TokenOperation = typeof idm.operations.getToken;

/** The exchange's name in messages: `idm.oauth.token`. */
const OPERATION = `${idm.name}.${idm.operations.getToken.sdk}`;

/**
 * The lifetime given to a token whose answer leaves out `expires_in` (RFC 6749 makes it optional):
 * an hour, the usual default of authorization servers. A token that expires sooner is replaced
 * when the interface refuses it (a 401 `invalid_token`); one that lives longer is exchanged again
 * after an hour, which costs one exchange.
 */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;

/**
 * The client credentials exchange, through the client's door (its fetch, timeout, hooks and
 * errors) but without a bearer token, at the token URL. It is a POST: retried only after a 429 or
 * a connection never made, and never redirected. Its answer is always checked: a token of a type
 * the client cannot send is refused, and reported without the token it carries. RFC 6749 §5.1 lets
 * the answer leave out `expires_in`, and `scope` when it grants the scopes requested: a token
 * without a lifetime is given `DEFAULT_TOKEN_LIFETIME_SECONDS`, and a missing `scope` changes
 * nothing (the exchange asks for no scope, and the token's own claims list what it grants).
 */
export async function exchangeToken(
  core: ClientCore<typeof idm>,
  request: TokenRequest,
  tokenUrl: string,
): Promise<IssuedToken> {
  const { url, operation } = tokenRoute(tokenUrl);
  // A token endpoint that quotes the secret (a 401 saying which secret it refused) has it scrubbed.
  core.secrets.add(request.client_secret);
  try {
    const data = await core.call(operation, { body: request }, undefined, { url, auth: null });
    const answer = validateResponse(TokenResponse, data, OPERATION);
    core.secrets.addObtained(answer.access_token);
    return {
      token: answer.access_token,
      expiresIn: answer.expires_in ?? DEFAULT_TOKEN_LIFETIME_SECONDS,
    };
  } catch (error) {
    if (error instanceof PermissionDeniedError) throw withAudienceHint(error, request.audience);
    if (!(error instanceof APIResponseValidationError)) throw error;
    const refused = new APIResponseValidationError(
      OPERATION,
      error.issues,
      withoutSecrets(error.body),
    );
    throw scrubbedError(refused, core.secrets);
  }
}

/**
 * The service names its APIs with a trailing slash (`https://tenant.example.com/api/v2/`) and
 * refuses any other audience with a bare `access_denied`: when the configured one lacks the slash,
 * the error says so.
 */
function withAudienceHint(error: PermissionDeniedError, audience: string): PermissionDeniedError {
  if (error.code !== 'access_denied' || audience.endsWith('/')) return error;
  const message = idmErrorBody(error.body)?.message ?? 'access denied';
  return makeAPIError({
    status: error.status,
    code: error.code,
    message: `${message} (the audience ${audience} lacks the trailing slash the service expects: try ${audience}/)`,
    requestId: error.requestId,
    body: error.body,
    headers: error.headers,
    method: error.method,
    url: error.url,
  }) as PermissionDeniedError;
}

/**
 * Where the exchange is sent: the contract's `/oauth/token` under the URL before it, which is any
 * token URL ending in `/oauth/token`; another token URL is sent to as it is given.
 */
function tokenRoute(tokenUrl: string): { url: string; operation: TokenOperation } {
  const { origin, pathname } = new URL(tokenUrl);
  const operation = idm.operations.getToken;
  if (pathname.endsWith(operation.path)) {
    return { url: `${origin}${pathname.slice(0, -operation.path.length)}/`, operation };
  }
  const cut = pathname.lastIndexOf('/') + 1;
  return {
    url: `${origin}${pathname.slice(0, cut)}`,
    operation: { ...operation, path: `/${pathname.slice(cut)}` } as unknown as TokenOperation,
  };
}

/**
 * The answer as a refused token answer keeps it: an object has had its token fields masked already
 * (as any answer that broke its schema), anything else (a bare token, perhaps) is masked whole.
 */
function withoutSecrets(data: unknown): unknown {
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? data : REDACTED;
}
