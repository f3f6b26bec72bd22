import type { HttpMethod } from '@clientkit/core';
import type { Context } from 'hono';
import type { $ZodType } from 'zod/v4/core';

/**
 * The declared-operation model shared by the interfaces: each interface lists its operations once,
 * in a table, and that table both mounts its routes (with their auth and input checks) and
 * produces its OpenAPI 3.1 document. What differs between interfaces (who may call, how a bad
 * request is refused, what error body is sent) is given by the interface, not by this module.
 */

export type { HttpMethod };

/** One operation of an interface. `Auth` is the interface's own way of saying who may call it. */
export interface Operation<Auth> {
  /** The operationId; also the key of its handler. */
  id: string;
  /** The methods that reach it: several when the interface treats them alike (POST, PUT, PATCH). */
  methods: HttpMethod[];
  /** Relative to the interface's base path, with `{name}` path parameters, as OpenAPI writes it. */
  path: string;
  summary: string;
  /** The group the document lists it under: the resource of the client that binds it. */
  tag?: string | undefined;
  auth: Auth;
  /** The query string, checked before the handler runs; left out when the operation takes none. */
  query?: $ZodType | undefined;
  /** Query parameters the server fills in when they are left out, as documented. */
  defaults?: Record<string, unknown> | undefined;
  /** The request body, checked before the handler runs; left out when the operation takes none. */
  body?: $ZodType | undefined;
  /** Body fields some interfaces report apart when missing (WordPress's missing-parameter code). */
  requiredBody?: readonly string[] | undefined;
  /** The body of every success answer; left out when success answers have no body. */
  response?: $ZodType | undefined;
  /** The success statuses, each with what it means. */
  success: Record<number, string>;
  /** Error statuses worth naming (the body is the interface's error body), with what they mean. */
  errors?: Record<number, string> | undefined;
  /** The error body of this operation when it is not the interface's (an OAuth token endpoint). */
  errorBody?: $ZodType | undefined;
  /** The media types this operation reads its body in, when not the interface's. */
  bodyTypes?: string[] | undefined;
}

/** What the table's one validation entry point hands a handler: the checked query and body. */
export interface CheckedInput {
  operation: Operation<unknown>;
  query: unknown;
  body: unknown;
}

/** An operation's behaviour, given the request, who sent it, and its checked input. */
export type OperationHandler<Principal, Input extends CheckedInput = CheckedInput> = (
  c: Context,
  principal: Principal,
  input: Input,
) => Response | Promise<Response>;
