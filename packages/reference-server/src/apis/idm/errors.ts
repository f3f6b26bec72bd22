import { OAUTH_ERROR_CODES, type OAuthErrorCode } from '@clientkit/contracts/idm/responses';
import type { Context } from 'hono';
import type { ApiProblem } from '../../problem';
import { BASIC_CHALLENGE, sentBasicCredentials } from './client-authentication';
import { notesOf } from './notes';
import { type RateLimiter, setRateLimitHeaders } from './rate-limit';
import { forbidCaching } from './token-exchange';

const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const defaultCodes: Record<number, string> = {
  401: 'invalid_token',
  500: 'internal_error',
};

/** The reason phrase of a status, such as `Forbidden`. */
export function reasonPhrase(status: number): string {
  return reasonPhrases[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}

/** The error code of a problem that carries none: the reason phrase in snake case. */
function codeFor(problem: ApiProblem): string {
  if (typeof problem.code === 'string') return problem.code;
  return (
    defaultCodes[problem.status] ?? reasonPhrase(problem.status).toLowerCase().replace(/ /g, '_')
  );
}

/**
 * The interface's error answer `{ statusCode, error, message, errorCode }`, with the rate-limit
 * headers every answer carries (also for failures raised before the interface's own layers ran).
 */
export function renderError(c: Context, problem: ApiProblem, limiter: RateLimiter): Response {
  notesOf(c).problem = problem;
  const response = c.json(
    {
      statusCode: problem.status,
      error: reasonPhrase(problem.status),
      message: problem.message,
      errorCode: codeFor(problem),
    },
    problem.status as 400,
  );
  setRateLimitHeaders(response.headers, limiter.peek());
  const retryAfter = problem.details?.retryAfterSeconds;
  if (typeof retryAfter === 'number') response.headers.set('retry-after', String(retryAfter));
  if (problem.status === 401) {
    response.headers.set('www-authenticate', 'Bearer error="invalid_token"');
  }
  return response;
}

const oauthCodes = new Set<string>(OAUTH_ERROR_CODES);

/** The OAuth code of a problem at the token endpoint that carries none of its own, by status. */
function oauthCodeFor(problem: ApiProblem): OAuthErrorCode {
  if (typeof problem.code === 'string' && oauthCodes.has(problem.code)) {
    return problem.code as OAuthErrorCode;
  }
  if (problem.status === 401) return 'invalid_client';
  if (problem.status === 403) return 'access_denied';
  if (problem.status === 429) return 'too_many_requests';
  if (problem.status >= 500) return 'server_error';
  return 'invalid_request';
}

/**
 * The token endpoint's error answer, OAuth's `{ error, error_description }` (RFC 6749 §5.2), with
 * the rate-limit headers and no caching, since it belongs to the authentication API. A 401 to a
 * client that sent Basic credentials challenges it for that scheme, as RFC 6749 §5.2 requires.
 */
export function renderOAuthError(c: Context, problem: ApiProblem, limiter: RateLimiter): Response {
  notesOf(c).problem = problem;
  const response = c.json(
    { error: oauthCodeFor(problem), error_description: problem.message },
    problem.status as 400,
  );
  setRateLimitHeaders(response.headers, limiter.peek());
  forbidCaching(response.headers);
  if (problem.status === 401 && sentBasicCredentials(c)) {
    response.headers.set('www-authenticate', BASIC_CHALLENGE);
  }
  const retryAfter = problem.details?.retryAfterSeconds;
  if (typeof retryAfter === 'number') response.headers.set('retry-after', String(retryAfter));
  return response;
}
