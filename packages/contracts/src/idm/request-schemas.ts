/**
 * The limits of the identity management interface, its building blocks, and the schemas of every
 * request's query and body, the token exchange's included. Request schemas are strict: a field they
 * do not know is refused by name.
 */
import * as z from 'zod/mini';
import { integer, urlString } from '../common';

// ---- limits ----

/** The kind of tenant: page sizes may go up to 50 on a public cloud tenant and 100 on a private one. */
export type Tenant = 'public' | 'private';

/** The largest `per_page` or `take` each kind of tenant accepts. */
export const MAX_PAGE_SIZE: Readonly<Record<Tenant, number>> = { public: 50, private: 100 };

/** The page size used when a listing does not name one: half the tenant's maximum. */
export function defaultPageSize(tenant: Tenant): number {
  return MAX_PAGE_SIZE[tenant] / 2;
}

/** The largest request body, in bytes, the interface accepts (1 MB). */
export const MAX_PAYLOAD_BYTES = 1_048_576;

/** The number of characters of `X-Correlation-ID` that the interface keeps. */
export const CORRELATION_ID_MAX_LENGTH = 64;

/** Offset pagination reaches only this many records; a page starting at or beyond it is refused. */
export const OFFSET_REACH = 1000;

/** How long a checkpoint id stays valid after it was issued: 24 hours. */
export const CHECKPOINT_VALIDITY_MS = 86_400_000;

/** The message of the server's 413 answer, which the client repeats when it refuses a body itself. */
export const PAYLOAD_TOO_LARGE_MESSAGE = `Payload content length greater than maximum allowed: ${MAX_PAYLOAD_BYTES}`;

/** The message of the server's 400 answer past the offset reach. */
export const OFFSET_REACH_MESSAGE = `You can only page through the first ${OFFSET_REACH} records`;

/** The most characters of a client's name. */
export const CLIENT_NAME_MAX_LENGTH = 255;

/** The most characters of a client's description, as the service documents it. */
export const CLIENT_DESCRIPTION_MAX_LENGTH = 140;

/** The most characters of each URL a client keeps: a callback, an allowed origin, its logo URI. */
export const CLIENT_URL_MAX_LENGTH = 2048;

/** The most URLs in a client's `callbacks`, and in its `allowed_origins`. */
export const CLIENT_URL_LIST_MAX_ITEMS = 100;

/**
 * The limits of a client's `client_metadata`, as the service documents them: at most 10
 * properties, each name and each value at most 255 characters.
 */
export const CLIENT_METADATA_LIMITS = {
  maxProperties: 10,
  maxNameLength: 255,
  maxValueLength: 255,
};

const nonEmpty = z.string().check(z.minLength(1));

// ---- resources ----

/** The kind of application a client is. */
export const AppType = z.enum(['native', 'spa', 'regular_web', 'non_interactive']);
export type AppType = z.infer<typeof AppType>;

// ---- list queries ----

const offsetKeys = ['page', 'per_page', 'include_totals'] as const;
const checkpointKeys = ['from', 'take'] as const;
const namesAny = (query: Record<string, unknown>, keys: readonly string[]) =>
  keys.some((key) => query[key] !== undefined);

const mixedModes =
  'must use page, per_page and include_totals (offset) or from and take (checkpoint), not both';

function newListQuery(maxPageSize: number) {
  const pageSize = integer(1, maxPageSize);
  return z
    .strictObject({
      page: z.optional(integer(0)),
      per_page: z.optional(pageSize),
      include_totals: z.optional(z.boolean()),
      from: z.optional(nonEmpty),
      take: z.optional(pageSize),
    })
    .check(
      z.refine(
        (query) => !(namesAny(query, offsetKeys) && namesAny(query, checkpointKeys)),
        mixedModes,
      ),
    );
}

const listQueries: Record<number, ReturnType<typeof newListQuery>> = {};

/**
 * The query of the clients and logs listings on a tenant whose page sizes go up to `maxPageSize`:
 * offset (`page`, `per_page`, `include_totals`) or checkpoint (`from`, `take`), never both. One
 * schema per page size, so that each side can tell the schema its operation declares.
 */
export function ListQuery(maxPageSize: number) {
  listQueries[maxPageSize] ??= newListQuery(maxPageSize);
  return listQueries[maxPageSize];
}
export type ListQuery = z.infer<ReturnType<typeof ListQuery>>;

// ---- requests ----

const hasSomeProperty = (value: object) => Object.values(value).some((v) => v !== undefined);

const clientUrl = urlString().check(z.maxLength(CLIENT_URL_MAX_LENGTH));
const clientUrlList = z.optional(z.array(clientUrl).check(z.maxLength(CLIENT_URL_LIST_MAX_ITEMS)));

/**
 * `client_metadata`: an object of short strings with few properties. Its rules on the number and
 * the names of its properties are refinements, which JSON Schema generators cannot see: the server
 * documents them with a hint of its own.
 */
export const ClientMetadata = z
  .record(z.string(), z.string().check(z.maxLength(CLIENT_METADATA_LIMITS.maxValueLength)))
  .check(
    z.refine(
      (value) => Object.keys(value).length <= CLIENT_METADATA_LIMITS.maxProperties,
      `must have at most ${CLIENT_METADATA_LIMITS.maxProperties} properties`,
    ),
    z.refine(
      (value) =>
        Object.keys(value).every((name) => name.length <= CLIENT_METADATA_LIMITS.maxNameLength),
      `must have property names of at most ${CLIENT_METADATA_LIMITS.maxNameLength} characters`,
    ),
  );

const clientFields = {
  /** What the application is, up to 140 characters. */
  description: z.optional(z.string().check(z.maxLength(CLIENT_DESCRIPTION_MAX_LENGTH))),
  /** The kind of application: `native`, `spa`, `regular_web` or `non_interactive`. */
  app_type: z.optional(AppType),
  /** The URLs the tenant may redirect to after a login: at most 100, each up to 2048 characters. */
  callbacks: clientUrlList,
  /** The origins allowed to call the tenant from a browser: at most 100, each up to 2048 characters. */
  allowed_origins: clientUrlList,
  /** The URL of the application's logo, up to 2048 characters. */
  logo_uri: z.optional(clientUrl),
  /** Whether the application belongs to the tenant's owner rather than a third party. */
  is_first_party: z.optional(z.boolean()),
  /** Free-form strings to keep with the client: at most 10, names and values up to 255 characters. */
  client_metadata: z.optional(ClientMetadata),
};

const clientName = z.string().check(z.minLength(1), z.maxLength(CLIENT_NAME_MAX_LENGTH));

/** A new client: a name (1 to 255 characters) and any of the optional settings. */
export const CreateClientBody = z.strictObject({
  /** The application's name, 1 to 255 characters. */
  name: clientName,
  ...clientFields,
});
/** A new client: a name (1 to 255 characters) and any of the optional settings. */
export interface CreateClientBody extends z.infer<typeof CreateClientBody> {}

const clientChanges = {
  /** A new name, 1 to 255 characters. */
  name: z.optional(clientName),
  ...clientFields,
};

/** Changes to a client: at least one property. */
export const UpdateClientBody = z.strictObject(clientChanges).check(
  z.refine(hasSomeProperty, {
    message: `must change at least one of ${Object.keys(clientChanges).join(', ')}`,
    // A body whose only properties were refused (unknown ones) already says what is wrong with it.
    when: (payload) => payload.issues.length === 0,
  }),
);
/** Changes to a client: at least one property. */
export interface UpdateClientBody extends z.infer<typeof UpdateClientBody> {}

/** The client credentials exchange at `/oauth/token`. */
export const TokenRequest = z.strictObject({
  /** Always `client_credentials`. */
  grant_type: z.enum(['client_credentials']),
  /** The machine-to-machine application's id. */
  client_id: nonEmpty,
  /** Its secret. */
  client_secret: nonEmpty,
  /** The API the token is for, such as `https://<tenant>/api/v2/`. */
  audience: nonEmpty,
});
/** The client credentials exchange at `/oauth/token`. */
export interface TokenRequest extends z.infer<typeof TokenRequest> {}

/** The correlation id the interface keeps: the first 64 characters, without surrounding spaces. */
export function cutCorrelationId(value: string): string {
  return value.trim().slice(0, CORRELATION_ID_MAX_LENGTH).trim();
}
