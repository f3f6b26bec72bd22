import { anyOf } from '@clientkit/core';
import * as z from '@clientkit/core/schema';

/**
 * A space's merge rules, strict (what a request may send) or loose (what an answer may hold):
 * shared by the request and the response schemas, and exported by neither. A request bounds its
 * list of rules; an answer takes the list as the service sends it.
 */
export function mergeRulesOf<Rules extends z.ZodMiniType>(
  object: typeof z.strictObject | typeof z.looseObject,
  rules: Rules,
) {
  return anyOf([
    object({ type: z.literal('inherit') }),
    object({ type: z.literal('none') }),
    object({ type: z.literal('rules'), rules }),
  ]);
}
