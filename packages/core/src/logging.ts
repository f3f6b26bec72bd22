import { isHTTPError } from './ky-errors';
import { type Logger, type LogLevel, leveledLogger } from './logger';
import { redactUrl } from './redact';
import type { TransportHooks } from './transport';

/**
 * The ky hooks that write a client's requests, answers and retries to its logger, with URLs
 * redacted. The transport loads this module with the first request of a client that has a logger
 * or a log level, so that the bundles of applications that log nothing leave it out.
 */
export function loggingHooks(output: Logger, level: LogLevel): TransportHooks {
  const logger = leveledLogger(output, level);
  return {
    beforeRequest: [
      (request, _options, state) => {
        logger.debug(`${request.method} ${redactUrl(request.url)}`, {
          attempt: state.retryCount + 1,
        });
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        logger.debug(`${response.status} ${request.method} ${redactUrl(request.url)}`, {
          requestId: response.headers.get('x-request-id'),
        });
      },
    ],
    beforeRetry: [
      ({ request, error, retryCount }) => {
        const reason = isHTTPError(error)
          ? { status: error.response.status }
          : { reason: error.name };
        logger.info(
          `Retrying ${request.method} ${redactUrl(request.url)} (retry ${retryCount})`,
          reason,
        );
      },
    ],
  };
}
