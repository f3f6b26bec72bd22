import { type RequestSpec, validateInput } from '@clientkit/core';
import { RecordPath } from './request-schemas';

/**
 * Checks the `{id}` and `{slug}` of every route before it is sent (run by the transport before each
 * request), so that `events.get(0)` or `venues.get('12')` fails with a RequestValidationError naming
 * the argument instead of reaching the interface as another route. One rule for every declaration.
 */
export function checkRecordPath(spec: RequestSpec): void {
  const params = spec.pathParams;
  if (!params || isRecordId(params)) return;
  validateInput(RecordPath, params, `arguments of ${spec.operation}`);
}

/**
 * The usual path, a record by its numeric id, checked without the schema (this runs on every call):
 * true only for what `RecordPath` accepts, `{ id }` with a whole number of 1 or more. Anything else
 * goes to the schema, which names the problem.
 */
export function isRecordId(params: Record<string, unknown>): boolean {
  const { id } = params;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) return false;
  for (const name in params) if (name !== 'id') return false;
  return true;
}
