import { cutCorrelationId } from '@clientkit/contracts/idm';
import { type Call, type RequestOptions, RequestValidationError } from '@clientkit/core';

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

/**
 * Sends a call's `correlationId` option as its `X-Correlation-ID` header, cut to the 64 characters
 * the interface keeps. It is refused on a method that changes nothing, where the interface ignores
 * it, and when it is not printable ASCII, which a header cannot carry (cutting first could hide
 * the bad characters).
 */
export function applyCorrelationId(call: Call): void {
  const { correlationId } = call.options as MutationOptions;
  if (correlationId === undefined) return;
  const refuse = (message: string) => {
    throw new RequestValidationError(`options of ${call.operation}`, [
      { path: 'correlationId', message },
    ]);
  };
  if (!mutatingMethods.includes(call.method)) {
    refuse('is only sent with POST, PUT, PATCH and DELETE');
  }
  if (!isPrintable(correlationId)) refuse('must be printable ASCII text, not empty');
  const headers = { ...call.options.headers, 'x-correlation-id': cutCorrelationId(correlationId) };
  call.options = { ...call.options, headers };
}

/** Printable ASCII text with something besides spaces. */
function isPrintable(value: unknown): value is string {
  return typeof value === 'string' && /^[\x20-\x7e]+$/.test(value) && value.trim() !== '';
}
