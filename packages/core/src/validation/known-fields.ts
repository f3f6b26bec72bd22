import type { $ZodType } from 'zod/v4/core';
import { alternatives, childrenAt, structureOf } from '../contract/schema-structure';

/**
 * The field names an object schema declares: through wrappers (optional, nullable, a pipe's input),
 * and of every member of a union or an intersection, so that no pagination style's parameter slips
 * through.
 */
export function declaredKeys(schema: $ZodType | undefined): string[] {
  if (!schema) return [];
  return alternatives(schema).flatMap((member) => Object.keys(structureOf(member)?.shape ?? {}));
}

/**
 * The field names known where a value at `path` inside `schema` is checked, every alternative's
 * together, in the order the schema declares them.
 */
export function knownFieldsAt(schema: $ZodType, path: readonly PropertyKey[]): string[] {
  let schemas = [schema];
  for (const key of path) {
    schemas = schemas.flatMap(alternatives).flatMap((member) => childrenAt(member, key));
  }
  return [...new Set(schemas.flatMap(declaredKeys))];
}
