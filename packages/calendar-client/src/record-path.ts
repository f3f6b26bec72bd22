import { type RequestSpec, validateInput } from '@clientkit/core';
import { RecordPath } from './request-schemas';

/**
 * Checks the `{id}` and `{slug}` of every route before it is sent (run by the transport before each
 * request), so that `events.get(0)` or `venues.get('12')` fails with a RequestValidationError naming
 * the argument instead of reaching the interface as another route. One rule for every declaration.
 */
export function checkRecordPath(spec: RequestSpec): void {
  if (spec.pathParams) validateInput(RecordPath, spec.pathParams, `arguments of ${spec.operation}`);
}
