import * as z from 'zod/mini';

/**
 * A space's merge rules, strict (what a request may send) or loose (what an answer may hold):
 * shared by the request and the response schemas, and exported by neither. A request bounds its
 * list of rules; an answer takes the list as the service sends it.
 */
export function mergeRulesOf<Rules extends z.ZodMiniType, Config extends z.core.$ZodObjectConfig>(
  // Typed as one builder, not as the union of the two: called through a union, each variant's type
  // would be the union of a strict and a loose object, and every variant would show up twice.
  object: <const Shape extends z.core.$ZodLooseShape>(
    shape: Shape,
  ) => z.ZodMiniObject<Shape, Config>,
  rules: Rules,
) {
  return z.union([
    object({ type: z.enum(['inherit']) }),
    object({ type: z.enum(['none']) }),
    object({ type: z.enum(['rules']), rules }),
  ]);
}
