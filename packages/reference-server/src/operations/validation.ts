import type { Context } from 'hono';
import type { RequestChecks } from './interface-description';
import type { CheckedInput, Operation } from './operation';

/**
 * The one validation entry point of every declared route: the query and the body the operation
 * declares are checked, in the interface's own way, before its handler runs. An operation that
 * declares no body gets none read, unless the interface looks at bodies sent where none is taken
 * (first, as it would look at the body of any other request).
 */
export async function checkRequest(
  c: Context,
  operation: Operation<unknown>,
  checks: RequestChecks,
): Promise<CheckedInput> {
  if (!operation.body) await checks.unexpectedBody?.(c);
  const query = operation.query ? checks.query(c, operation.query) : undefined;
  const body = operation.body
    ? await checks.body(c, operation.body, operation.requiredBody ?? [])
    : undefined;
  return { operation, query, body };
}
