import { redactUrl } from '../observability/redact';
import { requestedWaitMs } from '../retry/requested-wait';

/** Marks the errors of any copy of core: the ESM and the CommonJS builds each have their classes. */
const BRAND = Symbol.for('clientkit.error');

/**
 * The root of every error a clientkit SDK throws, so one `instanceof` catches them all. `instanceof`
 * also holds across the ESM and CommonJS builds of core, which an application can load both of
 * (a client loaded with `require()` next to one imported as ESM).
 */
export class ClientKitError extends Error {
  override get name(): string {
    return 'ClientKitError';
  }

  constructor(message?: string, options?: { cause?: unknown }) {
    super(message, options);
    Object.defineProperty(this, BRAND, { value: true });
  }

  /**
   * Each class names itself on its prototype, so an error of the other build is recognised by the
   * names along its prototype chain.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class asked about, a subclass.
    const { prototype } = this;
    if (Object.prototype.isPrototypeOf.call(prototype, value as object)) return true;
    const branded = (value as { [BRAND]?: boolean } | null)?.[BRAND] === true;
    if (!branded || !Object.hasOwn(prototype, 'name')) return false;
    for (let link = Object.getPrototypeOf(value); link; link = Object.getPrototypeOf(link)) {
      if (Object.hasOwn(link, 'name') && link.name === prototype.name) return true;
    }
    return false;
  }
}

/** The parts of an error body that an interface maps to `code` and `message`. */
export interface ErrorBodyFields {
  code?: string | undefined;
  message?: string | undefined;
}

/** Reads `code` and `message` out of one interface's error body; each client supplies its own. */
export type ErrorBodyMapper = (body: unknown) => ErrorBodyFields | undefined;

/** Everything known about a failed response, handed to the error constructors. */
export interface APIErrorInit {
  status: number;
  code?: string | undefined;
  message: string;
  requestId?: string | null | undefined;
  body?: unknown;
  headers?: Headers | undefined;
  method?: string | undefined;
  url?: string | undefined;
}

/**
 * The server answered with a status outside 2xx. One subclass per status family lets callers
 * `catch` exactly what they handle; all of them carry the same fields.
 */
export class APIError extends ClientKitError {
  override get name(): string {
    return 'APIError';
  }
  /** HTTP status of the response. */
  declare readonly status: number;
  /** The interface's own error code, read from the body (for example `rest_invalid_param`). */
  declare readonly code: string | undefined;
  /** The value of `x-request-id`, to quote when asking the service's operators about a failure. */
  declare readonly requestId: string | null;
  /** The parsed response body (JSON when the server sent JSON, otherwise text). */
  declare readonly body: unknown;
  /** The response headers. */
  declare readonly headers: Headers;
  /** The request method, for context. */
  declare readonly method: string | undefined;
  /** The request URL with credentials and secret query values removed. */
  declare readonly url: string | undefined;

  constructor(init: APIErrorInit) {
    const url = init.url === undefined ? undefined : redactUrl(init.url);
    const code = init.code ? ` ${init.code}` : '';
    const where = init.method && url ? ` (${init.method} ${url})` : '';
    super(`${init.status}${code}: ${init.message}${where}`);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId ?? null;
    this.body = init.body;
    this.headers = init.headers ?? new Headers();
    this.method = init.method;
    this.url = url;
  }
}

/** 400: the request was malformed or broke a rule of the interface. */
export class BadRequestError extends APIError {
  override get name(): string {
    return 'BadRequestError';
  }
}
/** 401: credentials were missing, wrong or expired. */
export class AuthenticationError extends APIError {
  override get name(): string {
    return 'AuthenticationError';
  }
}
/** 403: the credentials are valid but do not allow this request. */
export class PermissionDeniedError extends APIError {
  override get name(): string {
    return 'PermissionDeniedError';
  }
}
/** 404: the resource does not exist (or is not visible to these credentials). */
export class NotFoundError extends APIError {
  override get name(): string {
    return 'NotFoundError';
  }
}
/** 409: the request conflicts with the current state. */
export class ConflictError extends APIError {
  override get name(): string {
    return 'ConflictError';
  }
}
/** 410: the resource existed and is gone (for example already in the trash). */
export class GoneError extends APIError {
  override get name(): string {
    return 'GoneError';
  }
}
/**
 * 413: the body is larger than the interface accepts. Clients that know the limit raise it before
 * sending, with `status` 413 and no `requestId`.
 */
export class PayloadTooLargeError extends APIError {
  override get name(): string {
    return 'PayloadTooLargeError';
  }
}
/** 422: the body was well formed but a value was not acceptable. */
export class UnprocessableEntityError extends APIError {
  override get name(): string {
    return 'UnprocessableEntityError';
  }
}
/**
 * 429: too many requests; `retryAfter` says how many seconds the server asked to wait, from
 * `Retry-After` or, without it, the rate-limit reset headers (`X-RateLimit-Reset`).
 */
export class RateLimitError extends APIError {
  override get name(): string {
    return 'RateLimitError';
  }
  /** Seconds the server asked to wait, when it said. */
  declare readonly retryAfter: number | undefined;

  constructor(init: APIErrorInit) {
    super(init);
    this.retryAfter = requestedSeconds(init);
  }
}
/** 5xx: the server failed; a 503 may say in `retryAfter` how many seconds to wait. */
export class InternalServerError extends APIError {
  override get name(): string {
    return 'InternalServerError';
  }
  /** Seconds a 503's `Retry-After` asked to wait, when it said. */
  declare readonly retryAfter: number | undefined;

  constructor(init: APIErrorInit) {
    super(init);
    this.retryAfter = requestedSeconds(init);
  }
}

function requestedSeconds(init: APIErrorInit): number | undefined {
  const ms = init.headers ? requestedWaitMs(init.status, init.headers) : undefined;
  return ms === undefined ? undefined : Math.ceil(ms / 1000);
}

const errorClassByStatus: Record<number, typeof APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  410: GoneError,
  413: PayloadTooLargeError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** Builds the error class that matches `init.status`. */
export function makeAPIError(init: APIErrorInit): APIError {
  const ErrorClass =
    errorClassByStatus[init.status] ?? (init.status >= 500 ? InternalServerError : APIError);
  return new ErrorClass(init);
}

/** No response arrived: the connection failed or was reset. */
export class APIConnectionError extends ClientKitError {
  override get name(): string {
    return 'APIConnectionError';
  }
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** No response arrived within the per-attempt timeout. */
export class APITimeoutError extends APIConnectionError {
  override get name(): string {
    return 'APITimeoutError';
  }
}

/** The caller's `AbortSignal` fired, during a request or while waiting to retry it. */
export class APIUserAbortError extends ClientKitError {
  override get name(): string {
    return 'APIUserAbortError';
  }
}

/** One rule that an input broke: the field's path and what the rule asks for. */
export interface ValidationIssue {
  /** Dotted path of the field, such as `displayName` or `events[3].payload`; empty for the whole input. */
  path: string;
  /** What the value must be, such as `must be at most 64 characters`. */
  message: string;
}

/** An input broke a rule of the interface; raised before anything is sent. */
export class RequestValidationError extends ClientKitError {
  override get name(): string {
    return 'RequestValidationError';
  }
  declare readonly issues: ValidationIssue[];

  /** `hint` follows the issues in the message once, such as the list of known option names. */
  constructor(subject: string, issues: ValidationIssue[], hint?: string) {
    const list = issues.map((issue) =>
      issue.path ? `${issue.path} ${issue.message}` : issue.message,
    );
    super(`Invalid ${subject}: ${list.join('; ')}${hint ? ` (${hint})` : ''}`);
    this.issues = issues;
  }
}

/** A response did not match the schema of the interface (only with `validateResponses: true`). */
export class APIResponseValidationError extends ClientKitError {
  override get name(): string {
    return 'APIResponseValidationError';
  }
  declare readonly issues: ValidationIssue[];
  /** The body that did not match, with the values of secret fields (tokens, keys) replaced. */
  declare readonly body: unknown;
  /** The id the service gave the request (`x-request-id`, else `request-id`), or null. */
  declare readonly requestId: string | null;

  /** `body` is kept as given: the caller replaces its secrets first. */
  constructor(
    subject: string,
    issues: ValidationIssue[],
    body: unknown,
    requestId: string | null = null,
  ) {
    const list = issues.map((issue) => `${issue.path || '(body)'} ${issue.message}`);
    super(`Unexpected response from ${subject}: ${list.join('; ')}`);
    this.issues = issues;
    this.body = body;
    this.requestId = requestId;
  }
}

/**
 * A checkpoint id is older than the interface keeps it valid. Using it would silently restart the
 * listing from the beginning, so the paginator stops instead.
 */
export class CheckpointExpiredError extends ClientKitError {
  override get name(): string {
    return 'CheckpointExpiredError';
  }
  /** How long ago the checkpoint was received, in milliseconds. */
  declare readonly ageMs: number;
  /** How long the interface keeps a checkpoint valid, in milliseconds. */
  declare readonly validityMs: number;

  constructor(ageMs: number, validityMs: number) {
    super(
      `The checkpoint was received ${formatDuration(ageMs)} ago and is valid for ${formatDuration(validityMs)}; ` +
        'start a new listing instead of resuming this one',
    );
    this.ageMs = ageMs;
    this.validityMs = validityMs;
  }
}

function formatDuration(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours >= 1) return `${Number(hours.toFixed(1))} h`;
  return `${Math.round(ms / 60_000)} min`;
}
