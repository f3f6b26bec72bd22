/**
 * The usage metering client (`MeteringClient`), its event stream, errors and types. The zod
 * schemas themselves are in `@clientkit/metering-client/schemas`.
 *
 * Every name of `@clientkit/core`'s public entry is re-exported, and documented there, so that one
 * import is enough: the errors ({@link @clientkit/core!index.APIError | APIError} and its
 * subclasses, {@link @clientkit/core!index.APIConnectionError | APIConnectionError}...),
 * {@link @clientkit/core!index.APIPromise | APIPromise}, {@link @clientkit/core!index.Page | Page}
 * and {@link @clientkit/core!index.PagePromise | PagePromise}, the auth helpers, and the types of
 * the options, hooks, logger and telemetry. Every client re-exports the same names.
 *
 * @module
 */
export {
  type IdentifiedMeterEvent,
  MAX_EVENTS_PER_REQUEST,
  type MeterEvent,
  type MeterEventSession,
  type MeterEventStreamResponse,
  type MeteringErrorBody,
  type MeteringErrorType,
  SESSION_EXPIRED_CODE,
  SESSION_LIFETIME_MS,
} from '@clientkit/contracts/metering';
export * from '@clientkit/core';
export {
  DEFAULT_RENEW_BEFORE_EXPIRY_MS,
  DEFAULT_SERVICE_VERSION,
  MeteringClient,
  type MeteringClientOptions,
} from './client';
export { MeterEventStream, type MeterEventStreamStats } from './meter-event-stream';
export type { Events, SentMeterEvents } from './resources/events';
export type { Sessions } from './resources/sessions';
export { isSessionExpiredError } from './session';
export { MeterEventDeliveryError, MeterEventStreamClosedError } from './stream-errors';
export type { BatchErrorHandler, MeterEventStreamOptions } from './stream-options';
