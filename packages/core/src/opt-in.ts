/**
 * What a client loads only when a program first asks for it: the checks of the `request()` and
 * `paginate()` escape hatches, the log of its calls, and the check of answers against their
 * schemas. Most programs use none of them, and their bundles leave this module out (see
 * bench/README.md for what that saves). Every build loads it the same way, with `import()`.
 */
import type { $ZodType } from 'zod/v4/core';
import { type Answer, requestIdOf } from './api-promise';
import { validateResponse } from './validation';

export { sendRawRequest } from './escape-hatch';
export { withExtraBody, withExtraQuery } from './extra-fields';
export { guardForcedRetries } from './forced-retry';
export { callLog } from './logging';

/**
 * An answer's body checked against its schema (`APIResponseValidationError` when it does not
 * match). A schema the contract does not have is a bug of the client, reported as a `TypeError`.
 */
export function checkedAnswer(
  schema: $ZodType | undefined,
  { data, response }: Answer<unknown>,
  operation: string,
) {
  if (!schema) {
    throw new TypeError(
      `clientkit: no response schema for ${operation} to check this answer with; turn validateResponses off and report the client bug`,
    );
  }
  return validateResponse(schema, data, operation, requestIdOf(response.headers));
}
