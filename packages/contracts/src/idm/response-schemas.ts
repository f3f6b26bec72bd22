/**
 * The schemas of the interface's answers: records, list pages, the token exchange's answer and the
 * error bodies. They type what the client resolves with, and answers are checked against them with
 * `validateResponses` (the token exchange's answer always). Records type the fields they declare and
 * let the ones the interface adds later through.
 */
import * as z from 'zod/mini';
import { record } from '../common';
import { AppType } from './request-schemas';

// A field that holds another model's schema casts it to that model's interface
// (`Term as z.ZodMiniType<Term, ...>`), so that its type, and the API reference, name the model
// instead of spelling its fields out again. A cast adds no code.

// ---- resources ----

/** An application registered with the tenant. */
export const Client = record({
  /** The client's id, assigned by the tenant. */
  client_id: z.string(),
  /** The application's name. */
  name: z.string(),
  /** What the application is, up to 140 characters. */
  description: z.optional(z.string()),
  /** The kind of application: `native`, `spa`, `regular_web` or `non_interactive`. */
  app_type: z.optional(AppType),
  /** The URLs the tenant may redirect to after a login. */
  callbacks: z.optional(z.array(z.string())),
  /** The origins allowed to call the tenant from a browser. */
  allowed_origins: z.optional(z.array(z.string())),
  /** The URL of the application's logo. */
  logo_uri: z.optional(z.string()),
  /** Whether the application belongs to the tenant's owner rather than a third party. */
  is_first_party: z.optional(z.boolean()),
  /** Free-form string values the tenant keeps with the client. */
  client_metadata: z.optional(z.record(z.string(), z.string())),
});
/** An application registered with the tenant. */
export interface Client extends z.infer<typeof Client> {}

/** What a log event records about the request behind it. */
export const LogDetails = record({
  /** The request's HTTP method. */
  method: z.optional(z.string()),
  /** The request's path. */
  path: z.optional(z.string()),
  /** The status the request was answered with. */
  status: z.optional(z.number()),
  /** The request's `X-Correlation-ID`, cut to 64 characters. */
  correlation_id: z.optional(z.string()),
  /** Why the request failed, when it did. */
  error: z.optional(record({ code: z.optional(z.string()), message: z.string() })),
});
/** What a log event records about the request behind it. */
export interface LogDetails extends z.infer<typeof LogDetails> {}

/**
 * One event of the tenant's log. `type` is a short code: `sapi` / `fapi` for a management request
 * that succeeded / failed, `seccft` / `feccft` for a client credentials exchange, `s` / `f` for a
 * login.
 */
export const LogEvent = record({
  /** The event's id. */
  log_id: z.string(),
  /** When it happened, ISO 8601 in UTC. */
  date: z.string(),
  /** A short code of what happened: `sapi` / `fapi`, `seccft` / `feccft`, `s` / `f`. */
  type: z.string(),
  /** What happened, for people. */
  description: z.string(),
  /** The application that made the request, when one did. */
  client_id: z.optional(z.string()),
  /** The request behind the event. */
  details: z.optional(LogDetails as z.ZodMiniType<LogDetails, z.input<typeof LogDetails>>),
});
/**
 * One event of the tenant's log. `type` is a short code: `sapi` / `fapi` for a management request
 * that succeeded / failed, `seccft` / `feccft` for a client credentials exchange, `s` / `f` for a
 * login.
 */
export interface LogEvent extends z.infer<typeof LogEvent> {}

// ---- lists ----

/** The totals envelope of an offset page requested with `include_totals=true`. */
export const OffsetTotals = record({
  /** The index of the page's first item in the whole listing. */
  start: z.number(),
  /** The page size asked for. */
  limit: z.number(),
  /** The number of items on this page. */
  length: z.number(),
  /** The number of items in the whole listing. */
  total: z.number(),
});
/** The totals envelope of an offset page requested with `include_totals=true`. */
export interface OffsetTotals extends z.infer<typeof OffsetTotals> {}

/** An offset page: a bare array, or the totals envelope with the items under the resource's name. */
export type OffsetList<Key extends string, Item> = Item[] | (OffsetTotals & Record<Key, Item[]>);

/** A checkpoint page: the items under the resource's name and, unless it is the last page, `next`. */
export type CheckpointList<Key extends string, Item> = Record<Key, Item[]> & { next?: string };

/** An offset page of clients requested with `include_totals=false`: a bare array. */
export const ClientPlainList = z.array(Client);
/** An offset page of clients requested with `include_totals=true`: the totals and the clients. */
export const ClientTotalsList = record({ ...OffsetTotals.shape, clients: z.array(Client) });
/** A checkpoint page of clients, with `next` unless it is the last. */
export const ClientCheckpointList = record({
  clients: z.array(Client),
  next: z.optional(z.string()),
});
/** An offset page of log events requested with `include_totals=false`: a bare array. */
export const LogPlainList = z.array(LogEvent);
/** An offset page of log events requested with `include_totals=true`: the totals and the events. */
export const LogTotalsList = record({ ...OffsetTotals.shape, logs: z.array(LogEvent) });
/**
 * A checkpoint page of log events, with `next` unless it is the last. `from` may also be a log id
 * (the events recorded after it, oldest first); `next` is then the last event's log id.
 */
export const LogCheckpointList = record({
  logs: z.array(LogEvent),
  next: z.optional(z.string()),
});

/**
 * The offset pages of each listing, by the key of its items: with `include_totals=true` the totals
 * envelope, without it a bare array. A listing's `response` in the contract is its checkpoint page.
 */
export const OffsetPages = {
  clients: { totals: ClientTotalsList, plain: ClientPlainList },
  logs: { totals: LogTotalsList, plain: LogPlainList },
} as const;

// ---- the token exchange ----

const isBearer = (type: string) => type.toLowerCase() === 'bearer';

/**
 * The answer of `/oauth/token`: a bearer JWT, its lifetime in seconds and its space-separated
 * scopes. RFC 6749 §5.1 lets a server leave out the lifetime (recommended, not required) and the
 * scopes (when they are the ones requested): both may be absent. The reference server sends both.
 */
export const TokenResponse = record({
  /** The bearer JWT to send as `Authorization: Bearer <token>`. */
  access_token: z.string(),
  /** `Bearer`, in any letter case (RFC 6749 §5.1): the only type the client can send. */
  token_type: z
    .string()
    .check(z.refine(isBearer, 'must be Bearer (in any letter case): no other type can be sent')),
  /** The token's lifetime, in seconds; absent when the server does not say. */
  expires_in: z.optional(z.number()),
  /** The scopes the token grants, separated by spaces; absent when they are the ones requested. */
  scope: z.optional(z.string()),
});
/** The answer of `/oauth/token`: a bearer JWT, its lifetime in seconds and its space-separated scopes. */
export interface TokenResponse extends z.infer<typeof TokenResponse> {}

// ---- errors ----
//
// Error answers are read without these schemas (the client's error mapper takes `code` and
// `message` from them); they document what the interface sends.

/** The error body of every management answer outside 2xx. */
export const IdmErrorBody = record({
  /** The HTTP status, repeated. */
  statusCode: z.number(),
  /** The status's reason phrase, such as `Forbidden`. */
  error: z.string(),
  /** What went wrong, for people. */
  message: z.string(),
  /** A machine-readable code, such as `insufficient_scope` or `invalid_token`. */
  errorCode: z.optional(z.string()),
});
/** The error body of every management answer outside 2xx. */
export interface IdmErrorBody extends z.infer<typeof IdmErrorBody> {}

/**
 * The error codes of `/oauth/token` (RFC 6749 §5.2, with the service's `access_denied` for an
 * audience it does not serve and `too_many_requests` when its rate limit is spent).
 */
export const OAUTH_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'access_denied',
  'too_many_requests',
  'server_error',
] as const;
/** One of `OAUTH_ERROR_CODES`. */
export const OAuthErrorCode = z.enum(OAUTH_ERROR_CODES);
export type OAuthErrorCode = z.infer<typeof OAuthErrorCode>;

/**
 * The error body of `/oauth/token`: OAuth's `{error, error_description}`, since the token endpoint
 * belongs to the authentication API rather than the management API.
 */
export const OAuthErrorBody = record({
  /** A code of `OAuthErrorCode`, such as `invalid_client`. */
  error: z.string(),
  /** What went wrong, for people. */
  error_description: z.string(),
});
/** The token endpoint's error answer, in OAuth's form. */
export interface OAuthErrorBody extends z.infer<typeof OAuthErrorBody> {}
