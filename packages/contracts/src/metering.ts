/**
 * The contract of the usage-metering interface: its two operations (a session made with the API
 * key, and the event stream the session's token opens), who may call each (`meteringAccess`), the
 * schemas of its requests and its limits.
 * The metering client binds its methods to it and the reference server mounts its handlers on it.
 * The response schemas themselves are in `@clientkit/contracts/metering/responses`.
 *
 * @module
 */
export { type MeteringAuth, meteringAccess } from './metering/access';
export { metering } from './metering/operations';
export * from './metering/request-schemas';
export type {
  MeterEventSession,
  MeterEventStreamResponse,
  MeteringErrorBody,
  MeteringErrorType,
} from './metering/response-schemas';
