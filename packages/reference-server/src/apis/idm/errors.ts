import type { Context } from 'hono';
import type { ApiProblem } from '../../problem';
import { notesOf } from './notes';
import { type RateLimiter, setRateLimitHeaders } from './rate-limit';

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
