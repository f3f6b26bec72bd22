import type { HttpMethod } from '../contract/operation';
import { RequestValidationError } from '../errors/errors';
import type { RetryOptions, RetrySetting, ShouldRetryState } from '../options/options';
import { checkOptions, RETRY_OPTION_RULES } from '../options/rules';
import { requestedWaitMs } from '../response/requested-wait';

/**
 * The one retry policy of every client, whatever sends the request (ky, or the metering stream's
 * own sender): which failures are tried again, on which methods, after how long. The transport's
 * one loop (`transport/send.ts`) asks it after every failed attempt.
 *
 * - A 429 was not processed, and a connection that provably sent nothing reached nobody: both are
 *   retried on every method.
 * - Other failures of POST and PATCH may have been applied: they are retried only where the
 *   interface honours `Idempotency-Key`, every attempt carrying the same key.
 * - The wait is the one the server asked for (429: `Retry-After`, else a rate-limit reset header;
 *   503: `Retry-After`), or else a backoff of 0.5 s doubling to 8 s, less up to 25 % jitter. A wait
 *   over `maxRetryAfter` is not waited: the request fails at once.
 */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  readonly limit: number;
  /** The methods (lower case) whose failures, other than the ones every method retries, are retried. */
  readonly methods: readonly string[];
  /** The statuses worth another attempt. */
  readonly statusCodes: readonly number[];
  /** The statuses whose server-requested wait (`Retry-After`, a 429's reset header) is waited. */
  readonly afterStatusCodes: readonly number[];
  /** The longest server-requested wait that is waited, in ms. */
  readonly maxRetryAfter: number;
  /** The longest backoff, in ms. */
  readonly backoffLimit: number;
  /** The backoff before retry number `attempt` (1 for the first), before jitter. */
  readonly delay: (attempt: number) => number;
  /** Spreads a backoff so that many clients do not retry in step. */
  readonly jitter: (delay: number) => number;
  readonly retryOnTimeout: boolean;
  /** The caller's say: false never retries, true retries what the method rules allow, undefined defers. */
  readonly shouldRetry:
    | ((state: ShouldRetryState) => boolean | undefined | Promise<boolean | undefined>)
    | undefined;
}

/** Why an attempt failed, as far as retrying is concerned. */
export type AttemptFailure =
  | { readonly kind: 'status'; readonly status: number; readonly headers: Headers }
  | { readonly kind: 'timeout' }
  /** The connection failed before anything was sent (refused, name not found). */
  | { readonly kind: 'unsent' }
  /** The connection failed and nothing tells whether the request arrived. */
  | { readonly kind: 'connection' }
  /** A hook forced a retry on an answer of `status`, naming a delay or not. */
  | {
      readonly kind: 'forced';
      readonly delay: number | undefined;
      readonly status: number;
      readonly headers: Headers;
    }
  /**
   * A cause no retry can fix, which the same request meets again: a redirect not followed, an
   * answer over `maxResponseBytes`, headers over the runtime's limit, a proxy's 407, a TLS
   * certificate refused. Never retried.
   */
  | { readonly kind: 'lasting' }
  /** Thrown by a hook or a custom fetch: never retried. */
  | { readonly kind: 'other' };

/** Retries after the first attempt, unless the client or the request says otherwise. */
export const DEFAULT_MAX_RETRIES = 2;
/** The longest server-requested wait the client waits; a longer one fails at once. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** The statuses worth another attempt: timeouts, conflicts, rate limits and gateway failures. */
export const RETRYABLE_STATUSES: readonly number[] = [408, 409, 429, 500, 502, 503, 504];
/** The statuses whose answers may say how long to wait: a rate limit, and a service unavailable. */
const WAIT_STATUSES: readonly number[] = [429, 503];

const INITIAL_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;
const MAX_JITTER = 0.25;
const IDEMPOTENT_METHODS = ['get', 'head', 'put', 'delete', 'options'];
const WRITE_METHODS = ['post', 'patch'];

/** The wait before retry number `attempt` (1 for the first), before jitter: 0.5 s, 1 s, 2 s, ... */
export function retryDelayMs(attempt: number): number {
  return Math.min(INITIAL_BACKOFF_MS * 2 ** (attempt - 1), MAX_BACKOFF_MS);
}

/** The policy where no setting says otherwise (the methods aside, which depend on the interface). */
const DEFAULT_POLICY = {
  limit: DEFAULT_MAX_RETRIES,
  statusCodes: RETRYABLE_STATUSES,
  afterStatusCodes: WAIT_STATUSES,
  maxRetryAfter: MAX_RETRY_AFTER_MS,
  backoffLimit: MAX_BACKOFF_MS,
  delay: retryDelayMs,
  jitter: (delay: number) => delay * (1 - Math.random() * MAX_JITTER),
  retryOnTimeout: true,
};

/**
 * The policy of a client, or of one request: the request's settings over the client's, over the
 * defaults. `idempotencyKeys` says whether the interface honours `Idempotency-Key`; without it a
 * `methods` list with POST or PATCH is refused, as a retry could apply the request twice.
 */
export function retryPolicy(
  settings: readonly (RetrySetting | undefined)[],
  idempotencyKeys: boolean,
  subject: string,
): RetryPolicy {
  const given: RetryOptions = {};
  for (const setting of settings) Object.assign(given, checkedSetting(setting, subject));
  const methods = given.methods?.map((method) => method.toLowerCase()) ?? [
    ...IDEMPOTENT_METHODS,
    ...(idempotencyKeys ? WRITE_METHODS : []),
  ];
  if (!idempotencyKeys && methods.some((method) => WRITE_METHODS.includes(method))) {
    throw new RequestValidationError(subject, [
      {
        path: 'retry.methods',
        message: 'must not list POST or PATCH: this interface does not honour Idempotency-Key',
      },
    ]);
  }
  const { jitter = DEFAULT_POLICY.jitter } = given;
  return {
    ...DEFAULT_POLICY,
    ...given,
    methods,
    // As ky reads it: true spreads a backoff over all of it, false keeps it whole.
    jitter:
      typeof jitter === 'function'
        ? jitter
        : jitter
          ? (delay) => Math.random() * delay
          : (delay) => delay,
    shouldRetry: given.shouldRetry,
  };
}

function checkedSetting(setting: RetrySetting | undefined, subject: string): RetryOptions {
  if (setting === undefined) return {};
  if (typeof setting === 'number') return { limit: setting };
  checkOptions(setting, RETRY_OPTION_RULES, subject, { prefix: 'retry.' });
  return Object.fromEntries(Object.entries(setting).filter(([, value]) => value !== undefined));
}

/** Whether a failed method may be tried again at all, whatever the caller's `shouldRetry` says. */
export function mayRepeat(
  policy: RetryPolicy,
  method: HttpMethod,
  failure: AttemptFailure,
): boolean {
  if (failure.kind === 'other' || failure.kind === 'lasting') return false;
  if (failure.kind === 'unsent') return true;
  if ('status' in failure && failure.status === 429) return true;
  return policy.methods.includes(method.toLowerCase());
}

/** The wait the server asked for before retrying an answer, when the policy reads it for its status. */
function requestedBy(policy: RetryPolicy, failure: AttemptFailure): number | undefined {
  if (failure.kind !== 'status' && failure.kind !== 'forced') return undefined;
  if (!policy.afterStatusCodes.includes(failure.status)) return undefined;
  return requestedWaitMs(failure.status, failure.headers);
}

/**
 * The wait in ms before retry number `retryCount` (1 for the first) of a failed attempt, or
 * undefined when it is not made. `error` is what the caller would get, handed to `shouldRetry`.
 * A hook's forced retry skips `shouldRetry` and the status list, and keeps every other rule: the
 * method, the limit, and a wait that neither undercuts the server nor passes `maxRetryAfter`.
 */
export async function retryWaitMs(
  policy: RetryPolicy,
  method: HttpMethod,
  failure: AttemptFailure,
  retryCount: number,
  error: Error,
): Promise<number | undefined> {
  if (retryCount > policy.limit || !mayRepeat(policy, method, failure)) return undefined;
  const requested = requestedBy(policy, failure);
  if (requested !== undefined && requested > policy.maxRetryAfter) return undefined;
  if (failure.kind === 'forced') {
    const chosen = failure.delay ?? requested ?? backoffMs(policy, retryCount);
    return Math.min(Math.max(chosen, requested ?? 0), policy.maxRetryAfter);
  }
  const verdict = await policy.shouldRetry?.({ error, retryCount });
  if (verdict === false || (verdict !== true && !retriedByDefault(policy, failure))) {
    return undefined;
  }
  return requested ?? backoffMs(policy, retryCount);
}

function retriedByDefault(policy: RetryPolicy, failure: AttemptFailure): boolean {
  if (failure.kind === 'status') return policy.statusCodes.includes(failure.status);
  if (failure.kind === 'timeout') return policy.retryOnTimeout;
  return true;
}

/** The backoff before retry number `retryCount`, jittered and within `backoffLimit`. */
export function backoffMs(policy: RetryPolicy, retryCount: number): number {
  const delay = policy.delay(retryCount);
  const jittered = policy.jitter(delay);
  const wait = Number.isFinite(jittered) && jittered >= 0 ? jittered : delay;
  return Math.min(policy.backoffLimit, wait, policy.maxRetryAfter);
}

/** Node's (undici's) codes of a connection that failed before the request was sent. */
const UNSENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Whether a failed `fetch` provably sent nothing: a code of undici's in the error's causes. Other
 * runtimes (browsers, Deno, workerd) and custom fetches throw an opaque `TypeError`, which cannot
 * tell, so it counts as a failure that may have reached the service.
 */
export function sentNothing(error: unknown, depth = 0): boolean {
  if (depth > 8 || error === null || typeof error !== 'object') return false;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && UNSENT_CODES.has(code)) return true;
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.every((inner) => sentNothing(inner, depth + 1));
  }
  return sentNothing(cause, depth + 1);
}
