import { RequestValidationError, type ValidationIssue } from '../errors/errors';
import { LOG_LEVELS, type LogLevel } from '../observability/logger';
import { oneOf } from '../validation/validate';

/** What an option's value must be, or undefined when it is fine. */
export type OptionRule = (value: unknown) => string | undefined;

/** True for a plain object (not null, not a list). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A rule that `test` passes, refused with `message`. */
const rule =
  (test: (value: unknown) => unknown, message: string): OptionRule =>
  (value) =>
    test(value) ? undefined : message;
const is = (type: string, message: string) => rule((value) => typeof value === type, message);
const fn = is('function', 'must be a function');
const text = is('string', 'must be a string');
const bool = is('boolean', 'must be true or false');
const isListOf = (type: string, value: unknown) =>
  Array.isArray(value) && value.every((item) => typeof item === type);
const listOf = (type: string, message: string) => rule((value) => isListOf(type, value), message);
const wholeFrom = (min: number) =>
  rule(
    (value) => Number.isInteger(value) && (value as number) >= min,
    `must be a whole number, ${min} or more`,
  );
const milliseconds = rule(
  (value) => typeof value === 'number' && value >= 0,
  'must be a number of milliseconds, 0 or more',
);

/** Per attempt, in ms: positive and within a timer's range, or `Infinity` for none. */
const timeout = rule(
  (value) =>
    (typeof value === 'number' && value > 0 && value <= 2_147_483_647) ||
    value === Number.POSITIVE_INFINITY,
  'must be a positive number of milliseconds (at most 2^31 - 1) or Infinity',
);

/** A size in bytes: a positive whole number a counter can hold exactly. */
const bytes = rule(
  (value) => Number.isSafeInteger(value) && (value as number) > 0,
  'must be a positive whole number of bytes',
);

const headers = rule(
  (value) =>
    isObject(value) && Object.values(value).every((v) => v === undefined || typeof v === 'string'),
  'must be an object of string values',
);

const hookNames = ['beforeRequest', 'beforeRetry', 'beforeError', 'afterResponse'];
const hooks: OptionRule = (value) => {
  if (!isObject(value)) return 'must be an object of ky hooks';
  const stray = Object.keys(value).find((name) => !hookNames.includes(name));
  if (stray) return `has ${stray}, which is not a ky hook (${hookNames.join(', ')})`;
  return Object.values(value).every((list) => list === undefined || isListOf('function', list))
    ? undefined
    : 'must hold lists of functions';
};

const object = rule(isObject, 'must be an object');

/** Keys core puts in the hooks' context itself. */
const context: OptionRule = (value) =>
  object(value) ??
  ('operation' in (value as object) || 'pathTemplate' in (value as object)
    ? 'must not set operation or pathTemplate, which the client sets'
    : undefined);

const retry = rule(
  (value) => (Number.isInteger(value) && (value as number) >= 0) || isObject(value),
  'must be a whole number of retries or retry options',
);

/** The rules of the options every client takes, by name. */
export const CLIENT_OPTION_RULES: Record<string, OptionRule> = {
  fetch: fn,
  timeout,
  maxResponseBytes: bytes,
  retry,
  headers,
  userAgent: text,
  hooks,
  context,
  logger: rule(
    (value) =>
      isObject(value) &&
      ['debug', 'info', 'warn', 'error'].every((level) => typeof value[level] === 'function'),
    'must have debug, info, warn and error methods',
  ),
  logLevel: rule((value) => LOG_LEVELS.includes(value as LogLevel), oneOf(LOG_LEVELS)),
  validateResponses: bool,
  telemetry: rule(
    (value) => typeof (value as { startCall?: unknown } | null)?.startCall === 'function',
    'must be a telemetry integration, such as openTelemetry()',
  ),
  dangerouslyAllowBrowser: bool,
  coordination: rule(
    (value) => typeof (value as { beforeAttempt?: unknown } | null)?.beforeAttempt === 'function',
    'must be a coordination, such as redisCoordination()',
  ),
  throttle: object,
};

/** The rules of the `throttle` option, by name. */
export const THROTTLE_OPTION_RULES: Record<string, OptionRule> = {
  concurrency: wholeFrom(1),
  requestsPerSecond: rule(
    (value) => typeof value === 'number' && value > 0 && Number.isFinite(value),
    'must be a positive number',
  ),
};

/** The rules of the options every method takes as its last argument, by name. */
export const REQUEST_OPTION_RULES: Record<string, OptionRule> = {
  signal: rule((value) => value instanceof AbortSignal, 'must be an AbortSignal'),
  timeout,
  maxResponseBytes: bytes,
  retry,
  headers,
  hooks,
  idempotencyKey: text,
  extraBody: object,
  extraQuery: object,
  context,
};

/** The rules of the retry options, by name. */
export const RETRY_OPTION_RULES: Record<string, OptionRule> = {
  limit: wholeFrom(0),
  methods: listOf('string', 'must be a list of HTTP methods'),
  statusCodes: listOf('number', 'must be a list of HTTP statuses'),
  afterStatusCodes: listOf('number', 'must be a list of HTTP statuses'),
  maxRetryAfter: milliseconds,
  backoffLimit: milliseconds,
  delay: fn,
  jitter: rule(
    (value) => typeof value === 'boolean' || typeof value === 'function',
    'must be true, false or a function',
  ),
  retryOnTimeout: bool,
  shouldRetry: fn,
};

/**
 * Checks the options named in `rules` that are set, and refuses names neither `rules` nor `also`
 * knows, each by name: a misspelt option (`retries`, `timeoutMs`) fails loudly in plain JavaScript
 * too instead of being ignored. The known names are listed once.
 */
export function checkOptions(
  options: unknown,
  rules: Record<string, OptionRule>,
  subject: string,
  { also = [], prefix = '' }: { also?: readonly string[]; prefix?: string } = {},
): void {
  if (!isObject(options)) {
    throw new RequestValidationError(subject, [
      { path: prefix.slice(0, -1), message: 'must be an object' },
    ]);
  }
  const known = [...Object.keys(rules), ...also];
  const issues: ValidationIssue[] = [];
  for (const [name, value] of Object.entries(options)) {
    const broken = known.includes(name)
      ? value === undefined
        ? undefined
        : rules[name]?.(value)
      : 'is not an option';
    if (broken) issues.push({ path: `${prefix}${name}`, message: broken });
  }
  if (issues.length === 0) return;
  const unknown = issues.some((issue) => issue.message === 'is not an option');
  throw new RequestValidationError(
    subject,
    issues,
    unknown ? `known: ${known.join(', ')}` : undefined,
  );
}

/**
 * Refuses option names the receiver does not know, each by name, with the known names listed once,
 * so that a misspelt option (`retries`, `timeoutMs`) fails loudly instead of being ignored.
 */
export function checkOptionNames(
  options: object | undefined,
  known: readonly string[],
  subject: string,
  prefix = '',
): void {
  if (options === null || typeof options !== 'object') return;
  checkOptions(options, {}, subject, { also: known, prefix });
}
