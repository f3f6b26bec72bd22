import type { Context } from 'hono';
import type { $ZodType } from 'zod/v4/core';
import type { JsonSchema } from './json-schema';
import type { Operation } from './operation';

/** How an interface reads a query and a body, and refuses them in its own error format. */
export interface RequestChecks {
  query(c: Context, schema: $ZodType): unknown;
  body(c: Context, schema: $ZodType, required: readonly string[]): Promise<unknown>;
  /**
   * What the interface does with a body sent to an operation that takes none (default: it is not
   * read), e.g. refuse one of a media type it never takes.
   */
  unexpectedBody?(c: Context): Promise<void>;
  /** The media types the interface reads bodies in, for the document (default JSON only). */
  bodyTypes?: string[];
  /**
   * Whether a body's top-level fields that its schema does not name are dropped rather than
   * refused (WordPress): the document then leaves the request objects open at the top.
   */
  dropsUnknownBodyFields?: boolean;
}

/** A path parameter: its JSON Schema, and the pattern a route segment must match (default any). */
export interface PathParameter {
  schema: JsonSchema;
  /** A regular expression for the router, e.g. `[0-9]+`: other segments are unknown routes. */
  pattern?: string;
}

/**
 * Everything the shared module needs from one interface: its operations, how it authorizes and
 * checks requests, and what its document says about it.
 */
export interface InterfaceDescription<Auth, Principal> {
  title: string;
  version: string;
  description: string;
  /** What each group of operations holds, by the tag the document lists them under. */
  tags: Record<string, string>;
  /** The base path the operation paths are relative to, e.g. `/v1`. */
  base: string;
  operations: Operation<Auth>[];
  /** Path parameters by name; a name left out is any non-empty text. */
  pathParameters?: Record<string, PathParameter>;
  /**
   * Named schemas of the document. Every schema an operation uses as body or response must be
   * among them (responses are documented as sent, requests as accepted).
   */
  components: { responses: Record<string, $ZodType>; requests: Record<string, $ZodType> };
  /** The interface's error body; one of the response components. */
  errorBody: $ZodType;
  securitySchemes: Record<string, JsonSchema>;
  /** The security requirements of an operation, as OpenAPI writes them (`[]` for none, `[{}]` optional). */
  security(auth: Auth): Record<string, string[]>[];
  /**
   * Who the request speaks for, or an ApiProblem when the operation may not be called. It may be
   * asynchronous, for credentials that take work to check (a signed token).
   */
  authorize(c: Context, operation: Operation<Auth>): Principal | Promise<Principal>;
  checks: RequestChecks;
}
