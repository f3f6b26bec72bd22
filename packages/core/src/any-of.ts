import * as z from 'zod/mini';
import { safeParse } from 'zod/v4/core';

type Result = z.core.ParsePayload;

/** A result that stops the union (an issue without `continue: true`), as zod's union decides. */
const aborts = (result: Result) =>
  result.aborted === true || result.issues.some((issue) => issue.continue !== true);

/**
 * A value that matches one of `options`: the clients' `z.union`. It checks as zod's union does (the
 * first option that accepts the value gives the result; when none does, one `invalid_union` issue
 * carries each option's issues, which `describeIssues` explains), and its definition says `union`
 * with the options, so that JSON Schema generators describe it as zod's union (`anyOf`). It is a
 * custom schema with one check rather than zod's union class, whose machinery would otherwise ship
 * in every client's bundle.
 */
export function anyOf<const Options extends readonly z.core.$ZodType[]>(options: Options) {
  const schema = z
    .custom<z.output<Options[number]>, z.input<Options[number]>>()
    .check((payload: Result) => {
      const results: Result[] = [];
      for (const option of options) {
        // The clients' schemas are synchronous: zod's own parse refuses a promise here anyway.
        const result = option._zod.run(
          { value: payload.value, issues: [] },
          { async: false },
        ) as Result;
        if (result.issues.length === 0) {
          payload.value = result.value;
          return;
        }
        results.push(result);
      }
      const open = results.filter((result) => !aborts(result));
      const only = options.length === 1 ? results[0] : open.length === 1 ? open[0] : undefined;
      if (only) {
        payload.value = only.value;
        payload.issues.push(...only.issues);
        return;
      }
      // The options are checked once more for the issues in their final form (with the input, for
      // the words of describeIssues): a failure's cost, never a success's.
      payload.issues.push({
        code: 'invalid_union',
        input: payload.value,
        errors: options.map(
          (option) => safeParse(option, payload.value, { reportInput: true }).error?.issues ?? [],
        ),
      } as z.core.$ZodRawIssue);
    });
  Object.assign(schema._zod.def, { type: 'union', options });
  return schema;
}
