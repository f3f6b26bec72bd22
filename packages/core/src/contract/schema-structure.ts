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
