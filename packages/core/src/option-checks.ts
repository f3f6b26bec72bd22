import { RequestValidationError, type ValidationIssue } from './errors';
import type { LogLevel } from './logger';
import {
  type ClientOptions,
  checkOptionNames,
  REQUEST_OPTION_NAMES,
  type RequestOptions,
} from './options';

const hookNames = ['beforeRequest', 'beforeRetry', 'beforeError', 'afterResponse'];
const logLevels: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'off'];
/** Keys core itself puts in the hooks' context. */
const RESERVED_CONTEXT_KEYS = ['operation', 'pathTemplate'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The shared options of a client, each refused by name when it is of the wrong kind. */
export function checkClientOptions(options: ClientOptions, subject: string): void {
  const issues: ValidationIssue[] = [];
  const wrong = (path: string, message: string) => issues.push({ path, message });
  const { fetch, headers, userAgent, logger, logLevel, validateResponses } = options;
  if (fetch !== undefined && typeof fetch !== 'function') wrong('fetch', 'must be a function');
  if (headers !== undefined) checkHeaders(headers, wrong);
  if (userAgent !== undefined && typeof userAgent !== 'string')
    wrong('userAgent', 'must be a string');
  if (
    logger !== undefined &&
    !['debug', 'info', 'warn', 'error'].every(
      (level) => typeof (logger as unknown as Record<string, unknown>)?.[level] === 'function',
    )
  ) {
    wrong('logger', 'must have debug, info, warn and error methods');
  }
  if (logLevel !== undefined && !logLevels.includes(logLevel)) {
    wrong('logLevel', `must be one of ${logLevels.map((level) => `"${level}"`).join(', ')}`);
  }
  if (validateResponses !== undefined && typeof validateResponses !== 'boolean') {
    wrong('validateResponses', 'must be true or false');
  }
  checkContext(options.context, wrong);
  if (issues.length > 0) throw new RequestValidationError(subject, issues);
  checkHooks(options.hooks, subject);
}

/** The shared options of one request, and the client's own request options, refused by name. */
export function checkRequestOptions(
  options: RequestOptions,
  own: readonly string[],
  subject: string,
): void {
  if (!isObject(options)) {
    throw new RequestValidationError(subject, [{ path: '', message: 'must be an object' }]);
  }
  checkOptionNames(options, [...REQUEST_OPTION_NAMES, ...own], subject);
  const issues: ValidationIssue[] = [];
  const wrong = (path: string, message: string) => issues.push({ path, message });
  if (options.headers !== undefined) checkHeaders(options.headers, wrong);
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    wrong('signal', 'must be an AbortSignal');
  }
  if (options.idempotencyKey !== undefined && typeof options.idempotencyKey !== 'string') {
    wrong('idempotencyKey', 'must be a string');
  }
  checkContext(options.context, wrong);
  if (issues.length > 0) throw new RequestValidationError(subject, issues);
  checkHooks(options.hooks, subject);
}

function checkHeaders(headers: unknown, wrong: (path: string, message: string) => void): void {
  if (!isObject(headers)) {
    wrong('headers', 'must be an object of header names and values');
    return;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && typeof value !== 'string') {
      wrong(`headers.${name}`, 'must be a string');
    }
  }
}

function checkContext(context: unknown, wrong: (path: string, message: string) => void): void {
  if (context === undefined) return;
  if (!isObject(context)) {
    wrong('context', 'must be an object');
    return;
  }
  for (const key of RESERVED_CONTEXT_KEYS) {
    if (Object.hasOwn(context, key)) {
      wrong(`context.${key}`, 'is set by the client for every call and cannot be given');
    }
  }
}

function checkHooks(hooks: unknown, subject: string): void {
  if (hooks === undefined) return;
  if (!isObject(hooks)) {
    throw new RequestValidationError(subject, [{ path: 'hooks', message: 'must be an object' }]);
  }
  checkOptionNames(hooks, hookNames, subject, 'hooks.');
  const issues: ValidationIssue[] = [];
  for (const name of hookNames) {
    const list = hooks[name];
    if (
      list !== undefined &&
      !(Array.isArray(list) && list.every((hook) => typeof hook === 'function'))
    ) {
      issues.push({ path: `hooks.${name}`, message: 'must be a list of functions' });
    }
  }
  if (issues.length > 0) throw new RequestValidationError(subject, issues);
}
