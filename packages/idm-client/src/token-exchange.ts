import { idm, type TokenRequest } from '@clientkit/contracts/idm';
import { TokenResponse } from '@clientkit/contracts/idm/responses';
import {
  APIResponseValidationError,
  type IssuedToken,
  PermissionDeniedError,
  REDACTED,
} from '@clientkit/core';
import { validateResponse } from '@clientkit/core/contract';
import { type ClientCore, makeAPIError } from '@clientkit/core/internal';
import { idmErrorBody } from './error-body';

type TokenOperation = typeof idm.operations.getToken;

/** The exchange's name in messages: `idm.oauth.token`. */
const OPERATION = `${idm.name}.${idm.operations.getToken.sdk}`;

/**
 * The client credentials exchange, through the client's door (its fetch, timeout, hooks and
 * errors) but without a bearer token, at the token URL. It is a POST: retried only after a 429 or
 * a connection never made. Its answer is always checked: a token without a lifetime cannot be
 * cached, nor one of a type the client cannot send; a refused answer is reported without the token
 * it may carry.
 */
export async function exchangeToken(
  core: ClientCore<typeof idm>,
  request: TokenRequest,
  tokenUrl: string,
): Promise<IssuedToken> {
  const { url, operation } = tokenRoute(tokenUrl);
  try {
    const data = await core.call(operation, { body: request }, undefined, { url, auth: null });
    const answer = validateResponse(TokenResponse, data, OPERATION);
    return { token: answer.access_token, expiresIn: answer.expires_in };
  } catch (error) {
    if (error instanceof PermissionDeniedError) throw withAudienceHint(error, request.audience);
    if (!(error instanceof APIResponseValidationError)) throw error;
    throw new APIResponseValidationError(OPERATION, error.issues, withoutSecrets(error.body));
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

const secretFields = ['access_token', 'id_token', 'refresh_token'];

/** The answer with its token fields masked; any answer that is not an object is masked whole. */
function withoutSecrets(data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return REDACTED;
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const field of secretFields) if (field in copy) copy[field] = REDACTED;
  return copy;
}
