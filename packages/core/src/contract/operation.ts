import type { $ZodType, input, output } from 'zod/v4/core';
import type { Pagination } from './pagination';

/** The HTTP methods an operation can have. */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type { Pagination };

/**
 * One operation of an interface, declared once and read by both sides: the client binds a method to
 * it and the reference server mounts a handler on it. It says what travels on the wire; the prose
 * of the interface's document and the statuses it lists are the server's, and who may call it is in
 * the interface's access table (`docsAccess`), which clients never load.
 */
export interface Operation {
  /** The client method bound to it, relative to the client: `spaces.get` is `docs.spaces.get`. */
  readonly sdk: string;
  readonly method: HttpMethod;
  /** Other methods the service treats exactly as `method` (WordPress updates take POST, PUT, PATCH). */
  readonly also?: readonly HttpMethod[];
  /** Relative to the interface's base path, with `{name}` path parameters: `/spaces/{spaceId}`. */
  readonly path: string;
  /** The base path for this operation when it is not the interface's (`''` for the site root). */
  readonly base?: string;
  /** The path parameters; without it, each is any non-empty string or whole number. */
  readonly params?: $ZodType;
  readonly query?: $ZodType;
  readonly body?: $ZodType;
  /** The schema of a success answer's body. */
  readonly response?: $ZodType;
  /** How the operation's answers are paged; several when the caller picks one by its parameters. */
  readonly pagination?: Pagination | readonly Pagination[];
}

/** The wire contract of one interface: where it lives and its operations. */
export interface Contract<Ops extends Record<string, Operation> = Record<string, Operation>> {
  /** Names the operations in messages, logs and telemetry: `docs` gives `docs.spaces.get`. */
  readonly name: string;
  /** The path the interface lives under, appended to a client's `baseUrl`: `/v1`. */
  readonly base: string;
  readonly operations: Ops;
}

/**
 * Declares an interface's contract, keeping every literal (methods, paths) for the bindings' types.
 *
 * @example
 * export const docs = defineContract({
 *   name: 'docs',
 *   base: '/v1',
 *   operations: { getSpaceById: { sdk: 'spaces.get', method: 'GET', path: '/spaces/{spaceId}', response: Space } },
 * });
 */
export function defineContract<const Ops extends Record<string, Operation>>(contract: {
  name: string;
  base: string;
  operations: Ops;
}): Contract<Ops> {
  return contract;
}

/** The names of a path's `{name}` parameters: `'spaceId'` for `/spaces/{spaceId}`. */
export type PathParamNames<Path extends string> =
  Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/** An operation of any interface. */
export type AnyOperation = Operation;

/** The path parameters of an operation, as a binding passes them. */
export type PathParamsOf<O extends AnyOperation> = O['params'] extends $ZodType
  ? input<O['params']>
  : { [Name in PathParamNames<O['path']>]: string | number };

/** The input of an operation: its path parameters, query and body, each where it has one. */
export type InputOf<O extends AnyOperation> = ([PathParamNames<O['path']>] extends [never]
  ? { path?: undefined }
  : { path: PathParamsOf<O> }) &
  (O['query'] extends $ZodType ? { query?: input<O['query']> } : { query?: undefined }) &
  (O['body'] extends $ZodType ? { body: input<O['body']> } : { body?: undefined });

/** What a success answer of an operation holds, as its response schema types it. */
export type ResponseOf<O extends AnyOperation> = O['response'] extends $ZodType
  ? output<O['response']>
  : undefined;
