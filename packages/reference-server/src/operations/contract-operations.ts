import type { Contract, Operation as ContractOperation } from '@clientkit/core';
import type { $ZodType, output } from 'zod/v4/core';
import type { CheckedInput, Operation } from './operation';

/** What the server adds to a contract's operation: documentation and reading rules of its own. */
export type ServerExtras = Pick<
  Operation<unknown>,
  'defaults' | 'requiredBody' | 'errorBody' | 'bodyTypes'
>;

type Operations<C> = C extends Contract<infer Ops, unknown> ? Ops : never;
type Responses<C> =
  C extends Contract<Record<string, ContractOperation<unknown, never>>, infer R> ? R : never;
type Output<S> = S extends $ZodType ? output<S> : undefined;

/** The auth type of a contract's operations. */
export type AuthOf<C> = Operations<C>[keyof Operations<C>]['auth'];

/** The checked input of one operation, typed by the schemas that checked it. */
export interface InputOf<O extends ContractOperation<unknown, never>> extends CheckedInput {
  query: Output<O['query']>;
  body: Output<O['body']>;
}

/**
 * The handlers of a contract: one per operation, each typed by what its operation checks, so that a
 * missing handler, or one that reads a body its operation does not take, does not compile.
 */
export type HandlersOf<C, Principal> = {
  [Id in keyof Operations<C>]: (
    c: import('hono').Context,
    principal: Principal,
    input: InputOf<Operations<C>[Id]>,
  ) => Response | Promise<Response>;
};

/**
 * A contract's operations in the form the shared module mounts and documents: keyed by operationId,
 * with every method that reaches them, their response schema picked from the loaded responses, and
 * what the server adds per operation.
 */
export function operationsOf<C extends Contract>(
  contract: C,
  responses: Responses<C>,
  extras: { [Id in keyof Operations<C>]?: ServerExtras } = {},
): Operation<AuthOf<C>>[] {
  return Object.entries(contract.operations).map(([id, operation]) => ({
    id,
    methods: [operation.method, ...(operation.also ?? [])],
    path: operation.path,
    summary: operation.summary,
    auth: operation.auth as AuthOf<C>,
    query: operation.query,
    body: operation.body,
    response: operation.response?.(responses as never),
    success: operation.success,
    errors: operation.errors,
    ...(extras as Record<string, ServerExtras | undefined>)[id],
  }));
}
