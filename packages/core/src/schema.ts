/**
 * The zod/mini builders the clients write their schemas with, re-exported one by one.
 *
 * Clients import their builders from here rather than from `zod/mini` so that the ESM build of core
 * can carry one tree-shaken copy of zod inside it: `zod/mini`'s own entry loads about a hundred
 * modules (its locales among them) and costs Node tens of milliseconds at import, where core's copy
 * is a single chunk. Every client and core's own validation share that one copy. The types are zod's
 * own (zod stays a dependency for them), so `z.infer` on a client's schema means what it always did.
 * Add a builder here before a client uses it.
 */

export type { infer, input, output, ZodMiniObject, ZodMiniType } from 'zod/mini';
export {
  array,
  boolean,
  custom,
  enum,
  gte,
  int,
  literal,
  looseObject,
  lte,
  maximum,
  maxLength,
  minimum,
  minLength,
  multipleOf,
  null,
  nullable,
  number,
  object,
  optional,
  overwrite,
  pipe,
  record,
  refine,
  regex,
  strictObject,
  string,
  transform,
  union,
  unknown,
} from 'zod/mini';
export type * as core from 'zod/v4/core';
export { safeParse } from 'zod/v4/core';
export { isSecret, secret } from './secret-fields';
