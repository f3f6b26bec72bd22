import type { ZodMiniType } from 'zod/mini';
import { type $ZodRegistry, type $ZodType, registry } from 'zod/v4/core';

/** What the registry holds for a field a contract marks secret. */
export interface SecretField {
  readonly secret: true;
}

const REGISTRY_KEY = Symbol.for('clientkit.secretFields');

/**
 * The schemas whose values are secrets (tokens, keys, passwords): logs show `[redacted]` in their
 * place. A contract built with one copy of core (its ESM or its CommonJS build) may be logged by
 * another, so the one registry of the process lives on `globalThis`.
 */
export const secretFields: $ZodRegistry<SecretField> = ((
  globalThis as Record<symbol, $ZodRegistry<SecretField> | undefined>
)[REGISTRY_KEY] ??= registry<SecretField>());

/**
 * `schema`, marked as a secret. The mark is on a copy, so that a schema shared by other fields stays
 * unmarked there; checks added to the copy later keep the mark, as zod's registries follow a
 * schema's clones.
 *
 * @example
 * const APITemporaryToken = z.object({ token: secret(z.string()), expiresAt: z.string() });
 */
export function secret<S extends ZodMiniType>(schema: S): S {
  const marked = schema.clone() as S;
  secretFields.add(marked, { secret: true });
  return marked;
}

/** Whether a contract marked `schema` (or the schema it was derived from) as a secret. */
export function isSecret(schema: $ZodType): boolean {
  return secretFields.get(schema)?.secret === true;
}
