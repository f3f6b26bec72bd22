import {
  APIPromise,
  AuthenticationError,
  type HttpMethod,
  PayloadTooLargeError,
  PermissionDeniedError,
  type RequestOptions,
  type RequestSpec,
  RequestValidationError,
  type SecretSource,
  type TokenProvider,
  type Transport,
  validateInput,
} from '@clientkit/core';
import * as z from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import {
  CorrelationId,
  cutCorrelationId,
  MAX_PAYLOAD_BYTES,
  PAYLOAD_TOO_LARGE_MESSAGE,
} from './schemas';
import { requiredScope, scopesOf } from './scopes';

/** The methods that change something; only they carry `X-Correlation-ID`. */
export type MutatingMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const mutatingMethods = new Set<string>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Request options of the methods that change something. */
export interface MutationOptions extends RequestOptions {
  /**
   * Identifies the operation in the tenant's logs (`details.correlation_id` of its log event). Sent as
   * `X-Correlation-ID`; printable ASCII, cut to its first 64 characters.
   */
  correlationId?: string | undefined;
}

/** A request as the resources describe it: core's spec plus a correlation id. */
export interface IdmRequestSpec extends RequestSpec {
  correlationId?: string | undefined;
  responseSchema?: $ZodType;
}

/** How the requester authenticates and what it checks before sending. */
export interface RequesterOptions {
  /** The token, or the function that yields the current one. */
  token: SecretSource;
  /** Set with client credentials: forgotten and fetched again once when the interface rejects a token. */
  provider?: TokenProvider;
  /** Refuse a request whose scope the token lacks, before sending it. */
  checkScopes: boolean;
}

/**
 * Applies the interface's conventions to every request before core's transport sends it: the
 * correlation id on mutating methods only, the 1 MB body limit, the optional scope pre-flight, and
 * one renewal of a client credentials token that the interface rejected.
 */
export class Requester {
  readonly #transport: Transport;
  readonly #options: RequesterOptions;

  constructor(transport: Transport, options: RequesterOptions) {
    this.#transport = transport;
    this.#options = options;
  }

  /** The token requests carry now: the fixed one, or the provider's current (possibly new) one. */
  token(): Promise<string> {
    const source = this.#options.token;
    return Promise.resolve(typeof source === 'string' ? source : source());
  }

  send<S extends $ZodType>(spec: IdmRequestSpec & { responseSchema: S }): APIPromise<output<S>>;
  send<T = void>(spec: IdmRequestSpec): APIPromise<T>;
  send(spec: IdmRequestSpec): APIPromise<unknown> {
    let prepared: RequestSpec;
    try {
      prepared = prepare(spec);
    } catch (error) {
      return APIPromise.reject(error);
    }
    return new APIPromise(this.#run(prepared));
  }

  async #run(spec: RequestSpec): Promise<{ data: unknown; response: Response }> {
    if (this.#options.checkScopes) await this.#checkScope(spec);
    const transport = this.#transport as { request(spec: RequestSpec): APIPromise<unknown> };
    try {
      return await transport.request(spec).withResponse();
    } catch (error) {
      const provider = this.#options.provider;
      if (!provider || !(error instanceof AuthenticationError) || error.code !== 'invalid_token') {
        throw error;
      }
      // The token was revoked or expired early (for example clock skew): one fresh token, one retry.
      provider.invalidate();
      return await transport.request(spec).withResponse();
    }
  }

  async #checkScope(spec: RequestSpec): Promise<void> {
    const needed = requiredScope(spec.method, spec.path);
    if (!needed) return;
    const granted = scopesOf(await this.token());
    if (granted.includes(needed)) return;
    throw new PermissionDeniedError({
      status: 403,
      code: 'insufficient_scope',
      message:
        `Insufficient scope, expected any of: ${needed} (checked before sending; ` +
        `the token grants ${granted.length > 0 ? granted.join(' ') : 'no scope'})`,
      method: spec.method,
    });
  }
}

/** The spec core's transport sends: body checked and measured, correlation id as a header. */
function prepare(spec: IdmRequestSpec): RequestSpec {
  const { correlationId, bodySchema, ...rest } = spec;
  const headers = { ...rest.headers };
  if (correlationId !== undefined) {
    headers['x-correlation-id'] = correlationHeader(spec.method, correlationId, spec.operation);
  }
  const body = bodySchema
    ? validateInput(bodySchema, spec.body, `body of ${spec.operation}`)
    : spec.body;
  if (body !== undefined) checkPayloadSize(body, spec.method);
  return { ...rest, headers, ...(body === undefined ? {} : { body }) };
}

const correlationOption = z.object({ correlationId: CorrelationId });

function correlationHeader(method: HttpMethod, value: string, operation: string): string {
  const subject = `options of ${operation}`;
  if (!mutatingMethods.has(method)) {
    throw new RequestValidationError(subject, [
      { path: 'correlationId', message: 'is only sent with POST, PUT, PATCH and DELETE' },
    ]);
  }
  validateInput(correlationOption, { correlationId: value }, subject);
  return cutCorrelationId(value);
}

/** Refuses a JSON body whose UTF-8 encoding is larger than the interface accepts. */
function checkPayloadSize(body: unknown, method: HttpMethod): void {
  const bytes = new TextEncoder().encode(JSON.stringify(body)).byteLength;
  if (bytes <= MAX_PAYLOAD_BYTES) return;
  throw new PayloadTooLargeError({
    status: 413,
    code: 'payload_too_large',
    message: `${PAYLOAD_TOO_LARGE_MESSAGE} (this body is ${bytes} bytes; it was not sent)`,
    method,
  });
}
