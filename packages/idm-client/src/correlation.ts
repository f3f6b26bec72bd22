import { cutCorrelationId } from '@clientkit/contracts/idm';
import { type RequestOptions, RequestValidationError } from '@clientkit/core';
import type { CallOptions } from '@clientkit/core/internal';

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
 * The `X-Correlation-ID` header of a call's `correlationId` option, cut to the 64 characters
 * the interface keeps. It is refused on a method that changes nothing, where the interface ignores
 * it, and when it is not printable ASCII, which a header cannot carry (cutting first could hide
 * the bad characters).
 */
export function correlationHeaders(call: CallOptions): Record<string, string> | undefined {
  const { correlationId } = call.options as MutationOptions;
  if (correlationId === undefined) return undefined;
  const broken = !mutatingMethods.includes(call.method)
    ? 'is only sent with POST, PUT, PATCH and DELETE'
    : // Printable ASCII text with something besides spaces.
      typeof correlationId !== 'string' ||
        !/^[\x20-\x7e]+$/.test(correlationId) ||
        correlationId.trim() === ''
      ? 'must be printable ASCII text, not empty'
      : undefined;
  if (broken) {
    throw new RequestValidationError(`options of ${call.operation}`, [
      { path: 'correlationId', message: broken },
    ]);
  }
  return { 'x-correlation-id': cutCorrelationId(correlationId) };
}
