import type { $ZodType } from 'zod/v4/core';

import { structureOf } from '../contract/schema-structure';

/**
 * The field names an object schema declares: through optional, nullable and pipe (its input), and
 * of every member of a union, so that no pagination style's parameter slips through.
 */
export function declaredKeys(schema: $ZodType | undefined): string[] {
  const def = structureOf(schema);
  if (def?.shape) return Object.keys(def.shape);
  if (def?.options) return def.options.flatMap(declaredKeys);
  const inner = def?.in ?? def?.innerType;
  return inner ? declaredKeys(inner) : [];
}

/** The schemas a value may be checked against: a union's members, an intersection's sides. */
function alternatives(schema: $ZodType): $ZodType[] {
  const def = structureOf(schema);
  if (!def) return [schema];
  if (def.options) return def.options.flatMap(alternatives);
  if (def.left && def.right) return [...alternatives(def.left), ...alternatives(def.right)];
  const inner = def.innerType ?? def.in ?? def.getter?.();
  return inner ? alternatives(inner) : [schema];
}

/** The schemas of what sits at `key` inside a value of `schema`. */
function childrenAt(schema: $ZodType, key: PropertyKey): $ZodType[] {
  const def = structureOf(schema);
  if (!def) return [];
  if (def.shape) {
    const field = Object.hasOwn(def.shape, key) ? def.shape[key as string] : def.catchall;
    return field ? [field] : [];
  }
  const item = def.element ?? (typeof key === 'number' ? def.items?.[key] : undefined) ?? def.rest;
  return [item ?? def.valueType].filter((child): child is $ZodType => child !== undefined);
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
