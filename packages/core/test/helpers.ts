/**
 * A toy client on core's skeleton, for testing the door and the transport without a real interface:
 * each request describes its own operation, as a contract would declare it.
 */
import { z } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import {
  type APIPromise,
  type Auth,
  type BodyLimit,
  ClientCore,
  type ClientDefinition,
  type ClientOptions,
  type Contract,
  type ErrorBodyMapper,
  type HttpMethod,
  type Operation,
  type Pagination,
  type PreparedRequest,
  type RequestOptions,
} from './core';

export const ORIGIN = 'http://api.test';
/** The toy interface lives under `/v1` of its origin. */
export const BASE = `${ORIGIN}/v1`;

export { rejectionOf, useNock } from '../../../test-support/unit';

/** Options of the toy client: the shared ones, and what a client definition would fix. */
export interface TestClientOptions extends ClientOptions {
  baseUrl?: string;
  auth?: Auth;
  errorBody?: ErrorBodyMapper;
  idempotencyKeys?: boolean;
  bodyLimit?: BodyLimit;
  beforeSend?: (request: PreparedRequest) => void | Promise<void>;
  /** The response schemas, by name, that requests name in `response`. */
  responseSchemas?: Record<string, $ZodType>;
  paginate?: Pagination;
}

/** One request, described as its operation and input. */
export interface TestRequest extends RequestOptions {
  method: HttpMethod;
  path: string;
  operation?: string;
  pathParams?: Record<string, string | number>;
  query?: Record<string, unknown>;
  querySchema?: $ZodType;
  body?: unknown;
  bodySchema?: $ZodType;
  paramsSchema?: $ZodType;
  /** The name of the response schema among `responseSchemas`. */
  response?: string;
  parse?: (data: unknown, response: Response) => unknown;
  auth?: Auth | null;
  baseUrl?: string;
  pagination?: Pagination | readonly Pagination[];
}

const ownOptions = [
  'baseUrl',
  'auth',
  'errorBody',
  'idempotencyKeys',
  'bodyLimit',
  'beforeSend',
  'responseSchemas',
  'paginate',
];

/** Builds the toy client; `baseUrl` defaults to the toy origin. */
export function testClient(options: TestClientOptions = {}) {
  const given = { baseUrl: ORIGIN, ...options };
  const { errorBody, idempotencyKeys, bodyLimit, beforeSend, responseSchemas, paginate } = given;
  const contract: Contract = {
    name: 'test',
    base: '/v1',
    operations: {},
  };
  const definition: ClientDefinition<Contract> = {
    name: 'TestClient',
    contract,
    options: ownOptions,
    errorFields: errorBody ?? (() => undefined),
    ...(idempotencyKeys === undefined ? {} : { idempotencyKeys }),
    ...(bodyLimit ? { bodyLimit } : {}),
    ...(beforeSend ? { beforeSend } : {}),
    ...(paginate ? { paginate: () => paginate } : {}),
  };
  const core = new ClientCore(definition, given, (checked) => checked.auth as Auth | undefined);
  return {
    core,
    request<T = unknown>(spec: TestRequest): APIPromise<T> {
      const {
        method,
        path,
        operation = 'request',
        pathParams,
        query,
        querySchema,
        body,
        bodySchema,
        paramsSchema,
        response,
        parse,
        auth,
        baseUrl,
        pagination,
        ...requestOptions
      } = spec;
      const op: Operation = {
        sdk: operation,
        method,
        path,
        ...(paramsSchema ? { params: paramsSchema } : {}),
        // A query without a schema is sent as given, as a contract's loose query would be.
        ...(querySchema || query ? { query: querySchema ?? z.looseObject({}) } : {}),
        ...(bodySchema ? { body: bodySchema } : {}),
        ...(response ? { response: responseSchemas?.[response] as $ZodType } : {}),
        ...(pagination ? { pagination } : {}),
      };
      // Declared in the contract too, where the call log finds the schemas of each operation.
      (contract.operations as Record<string, Operation>)[operation] = op as Operation;
      const input = { path: pathParams, query, body } as never;
      const via =
        auth !== undefined || baseUrl !== undefined
          ? { auth, url: baseUrl && `${baseUrl.replace(/\/+$/, '')}/` }
          : undefined;
      const promise = core.call(op as Operation, input, requestOptions, via);
      return (parse ? promise.map(parse) : promise) as APIPromise<T>;
    },
  };
}
