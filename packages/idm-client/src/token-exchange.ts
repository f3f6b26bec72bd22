import {
  APIResponseValidationError,
  type IssuedToken,
  REDACTED,
  type Transport,
  validateResponse,
} from '@clientkit/core';
import { TokenRequest, TokenResponse } from './request-schemas';

const OPERATION = 'idm.oauth.token';

/**
 * The client credentials exchange, through the client's own transport (its fetch, timeout, hooks
 * and errors) but without a bearer token, at the token URL. A POST without `Idempotency-Key`, so it
 * is not retried. The answer is always checked: a token without a lifetime cannot be cached.
 */
export async function exchangeToken(
  transport: Transport,
  request: TokenRequest,
  tokenUrl: string,
): Promise<IssuedToken> {
  const url = new URL(tokenUrl);
  const lastSlash = url.pathname.lastIndexOf('/');
  const answer = await transport.request({
    operation: OPERATION,
    method: 'POST',
    baseUrl: `${url.origin}${url.pathname.slice(0, lastSlash + 1)}`,
    path: url.pathname.slice(lastSlash + 1),
    auth: null,
    body: request,
    bodySchema: TokenRequest,
    parse: tokenAnswer,
  });
  return { token: answer.access_token, expiresIn: answer.expires_in };
}

/** The checked token answer; a refused one is reported without the token it may carry. */
function tokenAnswer(data: unknown): TokenResponse {
  try {
    return validateResponse(TokenResponse, data, OPERATION);
  } catch (error) {
    if (!(error instanceof APIResponseValidationError)) throw error;
    throw new APIResponseValidationError(OPERATION, error.issues, withoutSecrets(data));
  }
}

const secretFields = ['access_token', 'id_token', 'refresh_token'];

/** The answer with its token fields masked; any answer that is not an object is masked whole. */
function withoutSecrets(data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return REDACTED;
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const field of secretFields) if (field in copy) copy[field] = REDACTED;
  return copy;
}
