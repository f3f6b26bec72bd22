import * as z from '@clientkit/core/schema';
import type { record } from '../common';

/**
 * A space's merge rules, strict (what a request may send) or loose (what an answer may hold):
 * shared by the request and the response schemas, and exported by neither. A request bounds its
 * list of rules; an answer takes the list as the service sends it.
 */
export function mergeRulesOf<Rules extends z.ZodMiniType>(
  object: typeof z.strictObject | typeof record,
  rules: Rules,
) {
  return z.union([
    object({ type: z.enum(['inherit']) }),
    object({ type: z.enum(['none']) }),
    object({ type: z.enum(['rules']), rules }),
  ]);
}
