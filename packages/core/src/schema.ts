/**
 * The schema builders the contracts and the clients write their schemas with: zod/mini's own
 * builders (each documented by zod), and `secret`, which marks a field whose value logs never show.
 *
 * They come through this entry rather than from `zod/mini` so that core's ESM build carries one
 * tree-shaken copy of zod that every client shares, instead of the hundred modules of zod/mini's own
 * entry. The types are zod's, so `z.infer` on a client's schema means what it always did. Add a
 * builder here before a client uses it.
 *
 * @module
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
