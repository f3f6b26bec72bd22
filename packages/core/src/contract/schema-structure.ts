import type { $ZodType } from 'zod/v4/core';

/**
 * What a schema's definition (`schema._zod.def`, read as zod's guide for library authors describes)
 * says about where the fields and items of a value are: object fields, list items, record values,
 * the members of a union or an intersection, and the schema inside a wrapper (optional, nullable,
 * default, pipe, lazy).
 */
export interface StructureDef {
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  items?: $ZodType[];
  rest?: $ZodType | null;
  valueType?: $ZodType;
  options?: $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  innerType?: $ZodType;
  in?: $ZodType;
  getter?: () => $ZodType;
}

/** The structure a schema's definition describes, or undefined for a value that is no zod schema. */
export const structureOf = (schema: $ZodType | undefined): StructureDef | undefined =>
  (schema as { _zod?: { def?: StructureDef } } | undefined)?._zod?.def;

/**
 * The schemas a value of `schema` may be checked against: the schema itself, and through wrappers
 * and the members of unions and intersections, every schema inside it.
 */
export function alternatives(schema: $ZodType): $ZodType[] {
  const def = structureOf(schema);
  if (!def) return [schema];
  const inner = def.options ?? [def.left, def.right, def.innerType ?? def.in ?? def.getter?.()];
  return [schema, ...inner.flatMap((member) => (member ? alternatives(member) : []))];
}

/** The schemas of what sits at `key` inside a value of `schema`. */
export function childrenAt(schema: $ZodType, key: PropertyKey): $ZodType[] {
  const def = structureOf(schema);
  if (!def) return [];
  if (def.shape) {
    const field = Object.hasOwn(def.shape, key) ? def.shape[key as string] : def.catchall;
    return field ? [field] : [];
  }
  const item = def.element ?? (typeof key === 'number' ? def.items?.[key] : undefined) ?? def.rest;
  return [item ?? def.valueType].filter((child): child is $ZodType => child !== undefined);
}
