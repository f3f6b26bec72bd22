import type { $ZodType } from 'zod/v4/core';
import type { HttpMethod, Operation, OperationHandler } from '../operations';

/**
 * Admin operations are declared with the same operation model as the public routes. They take no
 * credentials (the routes exist only when the server is started with admin routes on), so their
 * auth is always the same marker.
 */
export type AdminAuth = 'test-control';

/**
 * One admin operation. `rawBody` names the media type of a body that is read as bytes rather than
 * checked as JSON (mail's inbound message): the document shows it, the handler reads it.
 * `rawResponse` names the media type of a success answer that is bytes rather than JSON (an
 * inbound message as it was received).
 */
export type AdminOperation = Operation<AdminAuth> & { rawBody?: string; rawResponse?: string };

/** An admin handler: the request and its checked input (there is no principal). */
export type AdminHandler = OperationHandler<undefined>;

/**
 * What an interface contributes to `/__admin/<name>`: its operations (paths relative to that
 * prefix), their handlers by operation id, and the named schemas its bodies use, for the document.
 */
export interface AdminTable {
  /** The operations, with paths relative to `/__admin/<name>`. */
  operations: AdminOperation[];
  /** One handler per operation, by operation id. */
  handlers: Record<string, AdminHandler>;
  /** Every schema an operation takes as its body, by the name the document gives it. */
  requests?: Record<string, $ZodType>;
}

const ok = { 200: 'OK' };
/** Any admin route refuses a body it does not take, and one its schema refuses. */
const refused = { 400: 'A body the route does not take, or one that breaks its schema' };

/**
 * One row of an admin table; success is 200 unless told, 400 is among its errors, and the auth is
 * the admin marker.
 */
export function adminOperation(
  id: string,
  method: HttpMethod,
  path: string,
  summary: string,
  more: Partial<Omit<AdminOperation, 'id' | 'methods' | 'path' | 'summary' | 'auth'>> = {},
): AdminOperation {
  const errors = { ...refused, ...more.errors };
  return {
    id,
    methods: [method],
    path,
    summary,
    auth: 'test-control',
    success: ok,
    ...more,
    errors,
  };
}
