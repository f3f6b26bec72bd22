import type { $ZodType, output } from 'zod/v4/core';
import type { CheckedInput } from './operation';

/**
 * The checked query, typed by the schema that checked it. The schema must be the one the
 * operation declares: a handler reading its input with another schema is a programming error.
 */
export function queryOf<S extends $ZodType>(input: CheckedInput, schema: S): output<S> {
  if (input.operation.query !== schema) {
    throw new Error(`${input.operation.id} declares another query schema than its handler reads`);
  }
  return input.query as output<S>;
}

/** The checked body, typed by the schema that checked it (the one the operation declares). */
export function bodyOf<S extends $ZodType>(input: CheckedInput, schema: S): output<S> {
  if (input.operation.body !== schema) {
    throw new Error(`${input.operation.id} declares another body schema than its handler reads`);
  }
  return input.body as output<S>;
}
