import type { Context } from 'hono';
import type { $ZodType } from 'zod/v4/core';
import { isJsonOrJsonSuffix, refuseNonJsonBody } from '../../json-body';
import type { RequestChecks } from '../../operations';
import { ApiProblem, validBody, validQuery } from '../../problem';
import { readTokenParameters } from './token-body';
import { TokenParameters } from './token-parameters';

const queryStyle = { status: 400, code: 'invalid_query_string' };
const bodyStyle = { status: 400, code: 'invalid_body' };

/**
 * Refuses a body that is not sent as JSON (415): the management API takes `application/json` (or a
 * `+json` type) only. An empty body sent with another type is read as no body at all.
 */
export function requireJson(c: Context): Promise<void> {
  return refuseNonJsonBody(
    c,
    () =>
      new ApiProblem(
        415,
        'Request bodies must be JSON, sent with Content-Type: application/json',
        'unsupported_media_type',
      ),
    isJsonOrJsonSuffix,
  );
}

/**
 * How the interface reads requests: queries and management bodies are refused with the
 * management API's codes; the token exchange reads its parameters as OAuth does (JSON or a form).
 */
export const idmRequestChecks: RequestChecks = {
  query: (c, schema) => validQuery(c, schema, queryStyle),
  async body(c: Context, schema: $ZodType) {
    if (schema === TokenParameters) return readTokenParameters(c);
    await requireJson(c);
    return validBody(c, schema, bodyStyle);
  },
  // A body sent where none is taken is ignored, but one that is not JSON is refused as everywhere
  // under /api/v2, so that what the interface refuses does not depend on the method.
  unexpectedBody: requireJson,
};
