import { requestIdOf } from './api-promise';
import { APIError } from './errors';
import { type Logger, leveledLogger, logLevelOf } from './logger';
import type { ClientOptions } from './options';
import { redactUrl } from './redact';
import type { Call } from './transport/transport';

/** What a client writes of its calls, each line with the operation and no secret. */
export interface CallLog {
  completed(call: Call, response: Response, attempts: number, durationMs: number): void;
  failed(call: Call, error: unknown, attempts: number, durationMs: number): void;
  retrying(call: Call, error: Error, retryCount: number): void;
}

/** The log of a client's calls at its level; a level without a logger writes to `console`. */
export function callLog(options: ClientOptions): CallLog {
  const logger: Logger = leveledLogger(options.logger ?? console, logLevelOf(options) ?? 'off');
  const where = (call: Call, url: string) => `${call.method} ${redactUrl(url)}`;
  return {
    completed(call, response, attempts, durationMs) {
      logger.debug(`${call.operation}: ${response.status} ${where(call, response.url)}`, {
        operation: call.operation,
        status: response.status,
        attempts,
        durationMs,
        requestId: requestIdOf(response.headers),
      });
    },
    failed(call, error, attempts, durationMs) {
      const status = error instanceof APIError ? error.status : undefined;
      logger.debug(`${call.operation}: failed, ${errorName(error)}`, {
        operation: call.operation,
        ...(status === undefined ? {} : { status }),
        attempts,
        durationMs,
        ...(error instanceof APIError ? { requestId: error.requestId } : {}),
      });
    },
    retrying(call, error, retryCount) {
      logger.info(`${call.operation}: retry ${retryCount} after ${errorName(error)}`, {
        operation: call.operation,
        retry: retryCount,
      });
    },
  };
}

function errorName(error: unknown): string {
  const response = (error as { response?: Response } | undefined)?.response;
  if (response instanceof Response) return `status ${response.status}`;
  return error instanceof Error ? error.name : 'an error';
}
