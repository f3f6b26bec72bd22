import type { MeteringErrorType } from '@clientkit/metering-client/schemas';
import type { Context } from 'hono';
import { ApiProblem } from '../../problem';

/** A refusal with the interface's error type (and a code when the type alone does not say enough). */
export function meteringProblem(
  status: number,
  type: MeteringErrorType,
  message: string,
  options: { code?: string; retryAfterSeconds?: number } = {},
): ApiProblem {
  return new ApiProblem(status, message, options.code, {
    type,
    ...(options.retryAfterSeconds === undefined
      ? {}
      : { retryAfterSeconds: options.retryAfterSeconds }),
  });
}

/** The 415 of a body sent as anything but JSON: the service's v2 API takes JSON only. */
export function unsupportedMediaType(): ApiProblem {
  return meteringProblem(
    415,
    'invalid_request_error',
    'Request bodies must be JSON, sent with Content-Type: application/json',
    { code: 'unsupported_media_type' },
  );
}

function defaultType(status: number): MeteringErrorType {
  if (status === 401) return 'authentication_error';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

/** The code of a refusal raised without one (validation, unknown routes, injected faults), by status. */
const defaultCodes: Record<number, string> = {
  400: 'parameter_invalid',
  401: 'authentication_required',
  403: 'forbidden',
  404: 'resource_missing',
  405: 'method_not_allowed',
  409: 'request_conflict',
  413: 'request_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limit',
};

function defaultCode(status: number): string | undefined {
  if (status >= 500) return undefined;
  return defaultCodes[status] ?? 'invalid_request';
}

/**
 * `{ error: { type, code, message } }` for every refusal under the metering prefix, including
 * validation failures, unknown routes and injected faults, with `Retry-After` on rate limits.
 * Every 4xx carries a `code`, as the real service's do; a 5xx may go without.
 */
export function renderMeteringError(c: Context, problem: ApiProblem): Response {
  const type = problem.details?.type;
  const code = typeof problem.code === 'string' ? problem.code : defaultCode(problem.status);
  const body = {
    error: {
      type: typeof type === 'string' ? type : defaultType(problem.status),
      ...(code === undefined ? {} : { code }),
      message: problem.message,
    },
  };
  const response = c.json(body, problem.status as 400);
  const retryAfter = problem.details?.retryAfterSeconds;
  if (typeof retryAfter === 'number') response.headers.set('retry-after', String(retryAfter));
  return response;
}
