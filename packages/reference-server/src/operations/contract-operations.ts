import type { Contract, Operation as ContractOperation } from '@clientkit/core/contract';
import type { $ZodType, output } from 'zod/v4/core';
import type { CheckedInput, Operation } from './operation';

/**
 * What the server adds to a contract's operation: its document (a summary, the statuses it answers,
 * and what a status means when it says more than the status's usual name), and reading rules of
 * its own.
 */
export interface OperationDocs
  extends Pick<Operation<unknown>, 'defaults' | 'requiredBody' | 'errorBody' | 'bodyTypes'> {
  summary: string;
  /** The statuses of its success answers. */
  success: readonly number[];
  /** Error statuses it answers besides the ones every operation may (its body is the interface's error body). */
  errors?: readonly number[];
  statuses?: Record<number, string>;
}

/** The usual meaning of a status, for the statuses an operation's document does not describe. */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  205: 'Changed',
  400: 'Bad request',
  401: 'Not authenticated',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'Unprocessable',
  429: 'Too many requests',
};

type Operations<C> = C extends Contract<infer Ops> ? Ops : never;
type Output<S> = S extends $ZodType ? output<S> : undefined;

/**
 * Who may call each operation of a contract, in the interface's own terms: one entry each, so that
 * a missing or misspelt operation does not compile.
 */
export type AccessOf<C, Auth> = { readonly [Id in keyof Operations<C>]: Auth };

/** The checked input of one operation, typed by the schemas that checked it. */
export interface InputOf<O extends ContractOperation> extends CheckedInput {
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

/** The server's documentation of every operation of a contract: one entry each, or it does not compile. */
export type DocumentationOf<C> = { [Id in keyof Operations<C>]: OperationDocs };

/** The resource of a client method (`spaces` of `spaces.git.import`); the client's name for its own. */
function resourceOf(sdk: string, client: string): string {
  return sdk.includes('.') ? sdk.slice(0, sdk.indexOf('.')) : client;
}

/**
 * A contract's operations in the form the shared module mounts and documents: keyed by operationId,
 * with every method that reaches them, who may call them (from the interface's access table), their
 * response schema picked from the loaded responses, and what the server's documentation adds. An
 * operation without an access rule or a documentation entry does not compile, and, should a table
 * slip past the types, is refused here when the server starts.
 */
export function operationsOf<C extends Contract, Access extends AccessOf<C, unknown>>(
  contract: C,
  access: Access,
  documentation: DocumentationOf<C>,
): Operation<Access[keyof Access]>[] {
  return Object.entries(contract.operations).map(([id, operation]) => {
    const rule = access[id as keyof Access];
    if (rule === undefined) throw new Error(`${contract.name}: no access rule for ${id}`);
    const documented = (documentation as Record<string, OperationDocs | undefined>)[id];
    if (!documented) throw new Error(`${contract.name}: no documentation for ${id}`);
    const { statuses = {}, success, errors, ...docs } = documented;
    const described = (codes: readonly number[] = []) =>
      Object.fromEntries(codes.map((code) => [code, statuses[code] ?? STATUS_TEXT[code] ?? '']));
    return {
      id,
      methods: [operation.method, ...(operation.also ?? [])],
      path: operation.path,
      tag: resourceOf(operation.sdk, contract.name),
      auth: rule,
      query: operation.query,
      body: operation.body,
      response: operation.response,
      success: described(success),
      errors: described(errors),
      ...docs,
    };
  });
}
