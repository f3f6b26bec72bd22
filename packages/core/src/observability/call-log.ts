import type { $ZodType } from 'zod/v4/core';
import type { Contract } from '../contract/operation';
import { APIError, APIResponseValidationError, ClientKitError } from '../errors/errors';
import { REDACTED, redactedFields, redactUrl } from '../redaction/redact';
import type { SecretValues } from '../redaction/secret-values';
import { requestIdOf } from '../response/request-id';
import { type Logger, type LogLevel, leveledLogger } from './logger';
import { redactBySchema } from './redact-by-schema';

/** What a log line tells of a call: its names, where it went and what it sent. */
export interface LoggedCall {
  /** The operation's public name, such as `docs.spaces.get`. */
  readonly operation: string;
  readonly method: string;
  /** The filled path relative to the base URL, with its query. */
  readonly path: string;
  /** The JSON text of the body. */
  readonly body: string | undefined;
  /** The caller's unchecked additions, whose values a log never shows. */
  readonly options: {
    readonly extraBody?: Record<string, unknown> | undefined;
    readonly extraQuery?: Record<string, unknown> | undefined;
  };
}

/** What a client writes of its calls, each line with the operation and no secret. */
export interface CallLog {
  /** The call got its answer, after `attempts` attempts; `data` is its parsed body, if read. */
  completed(
    call: LoggedCall,
    response: Response,
    attempts: number,
    durationMs: number,
    data?: unknown,
  ): void;
  /** The call failed with `error`, which its caller receives. */
  failed(call: LoggedCall, error: unknown, attempts: number, durationMs: number): void;
  /** The call is sent again after `error`; `retryCount` counts the retries so far. */
  retrying(call: LoggedCall, error: Error, retryCount: number): void;
}

/** The schemas that say which values of an operation's query, body and answer are secrets. */
interface OperationSchemas {
  query?: $ZodType | undefined;
  body?: $ZodType | undefined;
  response?: $ZodType | undefined;
}

/**
 * The log of a client's calls at `level`, written to `logger`. At
 * `debug` each line also holds the bodies, redacted: every field the contract marks secret, every
 * field whose name says it is one, credentials in URLs, and every `extraBody` and `extraQuery`
 * value (sent unchecked, so nothing says what they hold). Every line is scrubbed of the client's
 * `secrets` by value.
 */
export function callLog(
  given: Logger,
  level: LogLevel,
  contract?: Contract,
  secrets?: SecretValues,
): CallLog {
  const logger = leveledLogger(given, level, secrets);
  const schemasOf = level === 'debug' ? operationSchemas(contract) : undefined;
  const bodies = (call: LoggedCall, answer: { data?: unknown } | undefined) => {
    if (!schemasOf) return {};
    try {
      return loggedBodies(call, schemasOf(call.operation), answer);
    } catch {
      // A body the log cannot walk is left out: writing the log must never fail the call.
      return {};
    }
  };
  return {
    completed(call, response, attempts, durationMs, data) {
      const url = loggedUrl(response.url, call, schemasOf?.(call.operation).query);
      logger.debug(`${call.operation}: ${response.status} ${call.method} ${url}`, {
        operation: call.operation,
        status: response.status,
        attempts,
        durationMs,
        requestId: requestIdOf(response.headers),
        ...bodies(call, { data }),
      });
    },
    failed(call, error, attempts, durationMs) {
      // An answer that broke its response schema came with a body and an id, as an error answer does.
      const withBody = error instanceof APIError || error instanceof APIResponseValidationError;
      const { status, requestId } = answerIdOf(error);
      logger.debug(`${call.operation}: failed, ${nameOf(error)}`, {
        operation: call.operation,
        ...(status === undefined ? {} : { status }),
        attempts,
        durationMs,
        ...(requestId === undefined ? {} : { requestId }),
        ...bodies(call, withBody ? { data: error.body } : undefined),
      });
    },
    retrying(call, error, retryCount) {
      logger.info(`${call.operation}: retry ${retryCount} after ${retryReason(error)}`, {
        operation: call.operation,
        retry: retryCount,
      });
    },
  };
}

/**
 * The schemas of each operation of `contract`, by its public name (`docs.spaces.get`). Calls the
 * contract does not declare (the escape hatches) have none.
 */
function operationSchemas(contract: Contract | undefined): (operation: string) => OperationSchemas {
  if (!contract) return () => ({});
  return (name) =>
    Object.values(contract.operations).find(
      (operation) => `${contract.name}.${operation.sdk}` === name,
    ) ?? {};
}

/** The request body and the answer's body of a call, as a debug line shows them. */
function loggedBodies(
  call: LoggedCall,
  schemas: OperationSchemas,
  answer: { data?: unknown } | undefined,
): { requestBody?: unknown; responseBody?: unknown } {
  const lines: { requestBody?: unknown; responseBody?: unknown } = {};
  if (call.body !== undefined) {
    const sent = withoutExtraValues(JSON.parse(call.body), call.options.extraBody);
    lines.requestBody = scrubbed(redactBySchema(sent, schemas.body));
  }
  if (answer?.data !== undefined) {
    lines.responseBody = scrubbed(redactBySchema(answer.data, schemas.response));
  }
  return lines;
}

/** The body with the value of every field `extraBody` added replaced. */
function withoutExtraValues(body: unknown, extra: Record<string, unknown> | undefined): unknown {
  if (!extra || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => [
      name,
      Object.hasOwn(extra, name) ? REDACTED : value,
    ]),
  );
}

/** Stands for the base URL of an answer that does not say where it came from. */
const UNKNOWN_BASE = 'http://unknown.invalid/';

/**
 * The URL of an answer as a log line shows it, with secret and `extraQuery` parameters replaced;
 * the call's relative path when the answer has no URL (one a custom fetch built).
 */
function loggedUrl(url: string, call: LoggedCall, querySchema: $ZodType | undefined): string {
  let target: URL;
  try {
    target = new URL(url || call.path, UNKNOWN_BASE);
  } catch {
    return redactUrl(url);
  }
  const extra = call.options.extraQuery ?? {};
  const params = Object.fromEntries(target.searchParams);
  const marked = redactBySchema(params, querySchema) as Record<string, unknown>;
  const shown = redactUrl(
    target,
    (name) => Object.hasOwn(extra, name) || marked[name] === REDACTED,
  );
  return url ? shown : shown.slice(UNKNOWN_BASE.length);
}

/**
 * What no schema marks but is still a secret: fields whose names say so (`password`,
 * `access_token`), and the credentials of URLs inside strings.
 */
function scrubbed(value: unknown): unknown {
  return redactedFields(value, (text) => (text.includes('//') ? redactUrl(text) : text));
}

/**
 * The status and request id of the answer a failure came with: an error answer, one that broke its
 * schema (which has no status), did not parse or passed the size limit, or one whose body broke off.
 * A clientkit error has a status only when an answer came.
 */
function answerIdOf(error: unknown): { status?: number; requestId?: string | null } {
  if (!(error instanceof ClientKitError)) return {};
  const { status, requestId } = error as ClientKitError & {
    status?: number;
    requestId: string | null;
  };
  if (status !== undefined) return { status, requestId };
  return error instanceof APIResponseValidationError ? { requestId } : {};
}

function nameOf(error: unknown): string {
  return error instanceof Error ? error.name : 'an error';
}

/** What a retry follows: an answer's status, or the error of an attempt that got none. */
function retryReason(error: unknown): string {
  return error instanceof APIError ? `status ${error.status}` : nameOf(error);
}
