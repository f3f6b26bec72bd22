import { inspectCustom, redactUrl } from '../redaction/redact';
import { type RateLimit, rateLimitOf } from '../response/rate-limit';
import { requestedWaitMs } from '../response/requested-wait';
import { excerptOf } from './excerpt';

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
  /**
   * The operation of the call that failed, such as `docs.spaces.get` (`docs.request` for the
   * `request()` escape hatch); undefined for an error of no call.
   */
  declare readonly operation: string | undefined;

  static {
    Object.defineProperty(ClientKitError.prototype, inspectCustom, { value: inspectError });
  }

  constructor(message?: string, options?: { cause?: unknown; operation?: string | undefined }) {
    super(message, options && 'cause' in options ? { cause: options.cause } : undefined);
    Object.defineProperty(this, BRAND, { value: true });
    if (options?.operation !== undefined) setOperation(this, options.operation);
    if (Object.hasOwn(this, 'cause')) {
      const { cause } = this;
      // Node prints an uncaught error's data `cause` whole, a runtime's chain of stacks under it;
      // an accessor it prints as one line. Reading `error.cause` is unchanged.
      Object.defineProperty(this, 'cause', { get: () => cause, configurable: true });
    }
  }

  /**
   * What a log pipeline keeps of the error: its class, message and the fields that identify the
   * failure, each null when it does not apply. Never a body, a header or a credential.
   */
  toJSON(): ClientKitErrorJSON {
    const fields = this as Partial<Record<keyof ClientKitErrorJSON, unknown>>;
    return {
      name: this.name,
      message: this.message,
      status: (fields.status as number | undefined) ?? null,
      code: (fields.code as string | undefined) ?? null,
      requestId: (fields.requestId as string | null | undefined) ?? null,
      operation: this.operation ?? null,
      retryAfter: (fields.retryAfter as number | undefined) ?? null,
    };
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

/** A `ClientKitError` as `JSON.stringify` writes it (see `ClientKitError.toJSON`). */
export interface ClientKitErrorJSON {
  /** The error's class, such as `NotFoundError`. */
  name: string;
  /** The message, which names the request and its id. */
  message: string;
  /** The status of the answer, when one came. */
  status: number | null;
  /** The interface's own error code. */
  code: string | null;
  /** The service's id of the request (`x-request-id`, else `request-id`). */
  requestId: string | null;
  /** The call's operation, such as `docs.spaces.get`. */
  operation: string | null;
  /** Seconds the service asked to wait. */
  retryAfter: number | null;
}

/**
 * How `util.inspect` (and so `console.log` and Node's report of an uncaught error) shows a
 * clientkit error: its stack, then the fields that identify the failure. The body, the headers and
 * the cause stay out of it: they can be long, and are read from the error when needed.
 */
function inspectError(
  this: ClientKitError,
  _depth: number,
  options: object,
  inspect?: (value: unknown, options: object) => string,
): string {
  const shown = Object.entries(this.toJSON()).filter(
    ([name, value]) => value !== null && name !== 'name' && name !== 'message',
  );
  const stack = this.stack ?? `${this.name}: ${this.message}`;
  if (shown.length === 0) return stack;
  const fields = Object.fromEntries(shown);
  return `${stack} ${inspect ? inspect(fields, options) : JSON.stringify(fields)}`;
}

/**
 * Gives `error` its call's operation, unless it has one or is not a clientkit error. The transport
 * builds its errors with the operation; the client's door names the rest (refusals before sending,
 * a failed response check, an error of a hook).
 */
export function setOperation(error: unknown, operation: string): void {
  if (!(error instanceof ClientKitError) || error.operation !== undefined) return;
  try {
    Object.defineProperty(error, 'operation', { value: operation, enumerable: true });
  } catch {
    // A frozen error keeps what it has.
  }
}

/**
 * Defines a field that `{ ...error }`, loggers walking its own fields and `inspect` leave out
 * (configurable, so that the transport can replace it with a copy without the client's secrets).
 */
function hidden<T extends object>(target: T, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, configurable: true });
}

/** What an error of a request knows of it, and of the answer when one began. */
interface RequestFields {
  status?: number | undefined;
  requestId?: string | null | undefined;
  method?: string | undefined;
  url?: string | undefined;
}

/** The end of a message: which request, and the service's id of it when it gave one. */
export function requestPart({ method, url, requestId }: RequestFields): string {
  const where = method && url ? ` (${method} ${redactUrl(url)})` : '';
  return requestId ? `${where} [request ${requestId}]` : where;
}

/**
 * Gives `error` the fields of its request: the URL without credentials, any `headers` hidden, and
 * no status field for an answer that never came, so that a printed error does not show one.
 */
function setRequestFields(error: ClientKitError, init: RequestFields, headers?: Headers): void {
  if (init.status !== undefined) Object.assign(error, { status: init.status });
  if (headers) hidden(error, 'headers', headers);
  Object.assign(error, {
    requestId: init.requestId ?? null,
    method: init.method,
    url: init.url && redactUrl(init.url),
  });
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
  /** The call's operation, such as `docs.spaces.get`. */
  operation?: string | undefined;
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
  /**
   * The parsed response body (JSON when the server sent JSON, otherwise text). Not an enumerable
   * field, so that logging the error does not log the body.
   */
  declare readonly body: unknown;
  /** The response headers (not an enumerable field either). */
  declare readonly headers: Headers;
  /** The request method, for context. */
  declare readonly method: string | undefined;
  /** The request URL with credentials and secret query values removed. */
  declare readonly url: string | undefined;

  constructor(init: APIErrorInit) {
    const code = init.code ? ` ${init.code}` : '';
    super(`${init.status}${code}: ${init.message}${requestPart(init)}`, init);
    this.code = init.code;
    hidden(this, 'body', init.body);
    setRequestFields(this, init, init.headers ?? new Headers());
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
 * `Retry-After` or, without it, the rate-limit reset headers (`X-RateLimit-Reset`), and
 * `rateLimit` what the answer said of the request budget.
 */
export class RateLimitError extends APIError {
  override get name(): string {
    return 'RateLimitError';
  }
  /** Seconds the server asked to wait, when it said. */
  declare readonly retryAfter: number | undefined;
  /**
   * The request budget the answer reported (`X-RateLimit-*`), or, from `Retry-After` alone, only
   * when it is whole again; undefined when it said neither.
   */
  declare readonly rateLimit: RateLimit | undefined;

  constructor(init: APIErrorInit) {
    super(init);
    this.retryAfter = requestedSeconds(init);
    this.rateLimit = init.headers ? rateLimitOf(init.status, init.headers) : undefined;
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

/** The seconds a 429 or a 503 asked to wait: the two statuses whose waits the service means. */
function requestedSeconds(init: APIErrorInit): number | undefined {
  if (init.status !== 429 && init.status !== 503) return undefined;
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

/** What is known of a connection that failed, besides the message. */
export interface ConnectionErrorDetails {
  /** What the runtime raised. */
  cause?: unknown;
  /** The status of an answer whose body broke off. */
  status?: number | undefined;
  /** The request id of an answer whose body broke off. */
  requestId?: string | null | undefined;
  /** The request method. */
  method?: string | undefined;
  /** The request URL; kept with credentials and secret query values removed. */
  url?: string | undefined;
  /** The call's operation, such as `docs.spaces.get`. */
  operation?: string | undefined;
}

/**
 * No whole answer arrived: the connection failed, was reset, or closed before the body ended. When
 * the headers of an answer had come, `status` and `requestId` are theirs.
 */
export class APIConnectionError extends ClientKitError {
  override get name(): string {
    return 'APIConnectionError';
  }
  /** The status of an answer that broke off before its end; undefined when none came. */
  declare readonly status: number | undefined;
  /** The request id of an answer that broke off, or null. */
  declare readonly requestId: string | null;
  /** The request method, for context. */
  declare readonly method: string | undefined;
  /** The request URL with credentials and secret query values removed. */
  declare readonly url: string | undefined;

  constructor(message: string, details: ConnectionErrorDetails = {}) {
    super(message, details);
    setRequestFields(this, details);
  }
}

/** No whole answer arrived within the per-attempt timeout (an answer whose body stalled included). */
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
  /**
   * The body that did not match, with the values of secret fields (tokens, keys) replaced (not an
   * enumerable field).
   */
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
    super(`Unexpected response from ${subject}: ${list.join('; ')}${requestPart({ requestId })}`);
    this.issues = issues;
    hidden(this, 'body', body);
    this.requestId = requestId;
  }
}

/** What is known of an answer whose body is not what it claims to be. */
export interface ResponseParseInit {
  /** The status of the answer. */
  status: number;
  /** The content type the answer claimed, or null. */
  contentType: string | null;
  /** The body as it came; only a redacted excerpt of it is kept. */
  text: string;
  /** The request id the answer carried. */
  requestId?: string | null | undefined;
  /** The answer's headers. */
  headers?: Headers | undefined;
  /** The request method. */
  method?: string | undefined;
  /** The request URL; kept with credentials and secret query values removed. */
  url?: string | undefined;
  /** The call's operation, such as `docs.spaces.get`. */
  operation?: string | undefined;
}

/**
 * A success answer whose body is not what it should be: JSON that does not parse, an HTML page
 * where the operation promises JSON, or no body at all where it promises one. The service did
 * answer, so the call is not retried (a write took effect).
 */
export class APIResponseParseError extends ClientKitError {
  override get name(): string {
    return 'APIResponseParseError';
  }
  /** The status of the answer. */
  declare readonly status: number;
  /** The content type the answer claimed, or null. */
  declare readonly contentType: string | null;
  /** The start of the body (at most 200 characters, secrets redacted); empty for no body. */
  declare readonly excerpt: string;
  /** The request id of the answer, or null. */
  declare readonly requestId: string | null;
  /** The answer's headers (not an enumerable field). */
  declare readonly headers: Headers;
  /** The request method, for context. */
  declare readonly method: string | undefined;
  /** The request URL with credentials and secret query values removed. */
  declare readonly url: string | undefined;

  constructor(init: ResponseParseInit) {
    const excerpt = excerptOf(init.text);
    const what =
      excerpt === ''
        ? 'no body where JSON was promised'
        : `the answer is not JSON (${init.contentType ?? 'no content type'}): ${excerpt}`;
    super(`${init.status}: ${what}${requestPart(init)}`, init);
    this.contentType = init.contentType;
    this.excerpt = excerpt;
    setRequestFields(this, init, init.headers ?? new Headers());
  }
}

/** What is known of an answer larger than the call's `maxResponseBytes`. */
export interface ResponseTooLargeInit {
  /** The status of the answer. */
  status: number;
  /** The call's `maxResponseBytes`. */
  limit: number;
  /** The size the answer's `Content-Length` declared, when that was over the limit. */
  declaredBytes?: number | undefined;
  /** The request id the answer carried. */
  requestId?: string | null | undefined;
  /** The answer's headers. */
  headers?: Headers | undefined;
  /** The request method. */
  method?: string | undefined;
  /** The request URL; kept with credentials and secret query values removed. */
  url?: string | undefined;
  /** The call's operation, such as `docs.spaces.get`. */
  operation?: string | undefined;
}

/**
 * An answer larger than the call's `maxResponseBytes` (default 32 MiB): refused before its body was
 * read when its `Content-Length` said so, otherwise cut off at the limit (the bytes after any
 * decompression are counted). Never retried: the same request gets the same answer.
 */
export class APIResponseTooLargeError extends ClientKitError {
  override get name(): string {
    return 'APIResponseTooLargeError';
  }
  /** The status of the answer. */
  declare readonly status: number;
  /** The limit the answer passed, in bytes (`maxResponseBytes`). */
  declare readonly limit: number;
  /** The request id of the answer, or null. */
  declare readonly requestId: string | null;
  /** The answer's headers (not an enumerable field). */
  declare readonly headers: Headers;
  /** The request method, for context. */
  declare readonly method: string | undefined;
  /** The request URL with credentials and secret query values removed. */
  declare readonly url: string | undefined;

  constructor(init: ResponseTooLargeInit) {
    const what =
      init.declaredBytes === undefined
        ? `passed maxResponseBytes (${init.limit}): cut off there`
        : `declares ${init.declaredBytes} bytes, over maxResponseBytes (${init.limit}): not read`;
    super(`The ${init.status} answer ${what}${requestPart(init)}`, init);
    this.limit = init.limit;
    setRequestFields(this, init, init.headers ?? new Headers());
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
      `The checkpoint is ${formatDuration(ageMs)} old, valid for ${formatDuration(validityMs)}; start a new listing`,
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
