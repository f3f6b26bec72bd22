/**
 * What a client loads only when a program first asks for it: the checks of the `request()` and
 * `paginate()` escape hatches, the log of its calls, and the check of answers against their
 * schemas. Most programs use none of them, and their bundles leave this module out (see
 * bench/README.md for what that saves). Every build loads it the same way, with `import()`.
 */
import { type Answer, requestIdOf } from './api-promise';
import type { AnyOperation, Contract } from './contract';
import { validateResponse } from './validation';

export { sendRawRequest } from './escape-hatch';
export { withExtraBody, withExtraQuery } from './extra-fields';
export { guardForcedRetries } from './forced-retry';
export { callLog } from './logging';

/** Each contract's response schemas, loading or loaded: one load per contract, with its first check. */
const responseSchemas = new WeakMap<Contract, Promise<unknown>>();

/**
 * An answer whose body is checked against the operation's response schema, which it loads with the
 * contract's first check (`APIResponseValidationError` when the body does not match). A schema the
 * contract does not have is a bug of the client, reported as a `TypeError`.
 */
export async function checkedAnswer(
  contract: Contract,
  operation: AnyOperation,
  { data, response }: Answer<unknown>,
  name: string,
): Promise<Answer<unknown>> {
  let responses = responseSchemas.get(contract);
  if (!responses) responseSchemas.set(contract, (responses = contract.responses()));
  const schema = operation.response?.((await responses) as never);
  if (!schema) {
    throw new TypeError(
      `clientkit: no response schema for ${name} to check this answer with; turn validateResponses off and report the client bug`,
    );
  }
  return { data: validateResponse(schema, data, name, requestIdOf(response.headers)), response };
}
