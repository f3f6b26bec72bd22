import { type RequestOptions, type RequestSpec, RequestValidationError } from '@clientkit/core';
import { cutCorrelationId } from './request-schemas';

/** The methods that change something; only they carry `X-Correlation-ID`. */
export type MutatingMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const mutatingMethods: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Request options of the methods that change something. */
export interface MutationOptions extends RequestOptions {
  /**
   * Identifies the operation in the tenant's logs (`details.correlation_id` of its log event). Sent as
   * `X-Correlation-ID`; printable ASCII, cut to its first 64 characters.
   */
  correlationId?: string | undefined;
}

const HEADER = 'x-correlation-id';

/**
 * The request options of a mutating method, with `correlationId` turned into the `X-Correlation-ID`
 * header it is sent as (cut to the 64 characters the interface keeps). A value that is not printable
 * ASCII is passed on whole, for `checkCorrelationHeader` to refuse before sending: the call's promise
 * rejects rather than the call throwing, and cutting cannot hide the bad characters.
 *
 * @example
 * return this.#transport.request({ ..., ...correlated(options) });
 */
export function correlated(options: MutationOptions | undefined): RequestOptions {
  const { correlationId, ...rest } = options ?? {};
  if (correlationId === undefined) return rest;
  const value = isPrintable(correlationId) ? cutCorrelationId(correlationId) : correlationId;
  return { ...rest, headers: { ...rest.headers, [HEADER]: value } };
}

/**
 * Refuses, before sending, an `X-Correlation-ID` on a method that changes nothing, or one that is
 * not printable ASCII text (HTTP header values cannot carry other text).
 */
export function checkCorrelationHeader(spec: RequestSpec): void {
  const headers = spec.headers ?? {};
  const name = Object.keys(headers).find((key) => key.toLowerCase() === HEADER);
  if (name === undefined || headers[name] === undefined) return;
  const value: unknown = headers[name];
  const refuse = (message: string) => {
    throw new RequestValidationError(`options of ${spec.operation}`, [
      { path: 'correlationId', message },
    ]);
  };
  if (!mutatingMethods.includes(spec.method)) {
    refuse('is only sent with POST, PUT, PATCH and DELETE');
  }
  if (!isPrintable(value)) {
    refuse('must be printable ASCII text, not empty');
  }
}

/** Printable ASCII text with something besides spaces. */
function isPrintable(value: unknown): value is string {
  return typeof value === 'string' && /^[\x20-\x7e]+$/.test(value) && value.trim() !== '';
}
