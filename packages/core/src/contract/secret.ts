import type { $ZodType } from 'zod/v4/core';

/**
 * The schemas a contract marks as secrets, read by the log's redaction. The set holds schema
 * instances, so a mark covers the instance it was given and every schema that wraps it
 * (`optional`, a field of an object), never a copy made from it later.
 */
const secrets = new WeakSet<$ZodType>();

/**
 * `schema`, marked as a secret (a token, a key, a password): logs show `[redacted]` in its place.
 * Mark the schema as it is used, after its checks: the mark belongs to this instance.
 *
 * @example
 * const APITemporaryToken = z.object({ token: secret(z.string()), expiresAt: z.string() });
 */
export function secret<S extends $ZodType>(schema: S): S {
  secrets.add(schema);
  return schema;
}

/** Whether a contract marked `schema` as a secret. */
export function isSecret(schema: $ZodType): boolean {
  return secrets.has(schema);
}
