import * as z from '@clientkit/core/schema';

/**
 * A space's merge rules, strict (what a request may send) or loose (what an answer may hold):
 * shared by the request and the response schemas, and exported by neither.
 */
export function mergeRulesOf(object: typeof z.strictObject | typeof z.looseObject) {
  return z.union([
    object({ type: z.literal('inherit') }),
    object({ type: z.literal('none') }),
    object({ type: z.literal('rules'), rules: z.array(z.unknown()) }),
  ]);
}
