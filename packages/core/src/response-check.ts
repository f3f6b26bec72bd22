import type { $ZodType } from 'zod/v4/core';
import { validateResponse } from './validation';

/** Checks one answer against the named response schema and returns what the schema makes of it. */
export type ResponseCheck = (name: string, data: unknown, operation: string) => unknown;

/**
 * The check a transport runs on every answer when its client validates responses. Loaded with the
 * client's response schemas on the first checked answer, so clients that do not validate leave it
 * out of their bundles, as they leave out the schemas.
 */
export function responseChecker(schemas: Record<string, unknown>): ResponseCheck {
  return (name, data, operation) => {
    const schema = schemas[name];
    if (!schema) {
      // A declaration names a schema its client does not ship: a bug of the client, not the caller's.
      throw new TypeError(
        `clientkit: no response schema named ${name} to check this answer with; turn validateResponses off and report the client bug`,
      );
    }
    return validateResponse(schema as $ZodType, data, operation);
  };
}
