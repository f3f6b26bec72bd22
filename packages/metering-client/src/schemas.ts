/**
 * The wire contract of the usage-metering interface as zod schemas, from
 * `@clientkit/contracts/metering`. The client checks its inputs with them and the reference server
 * validates requests with the same ones. Request schemas are strict: a field they do not know is
 * refused by name. Response schemas type the fields they declare and let the ones the interface
 * adds later through.
 *
 * @module
 */
export * from '@clientkit/contracts/metering';
// Named here because the contract's entry exports the same names as types only.
export {
  MeterEventSession,
  MeterEventStreamResponse,
  MeteringErrorBody,
  MeteringErrorType,
} from '@clientkit/contracts/metering/responses';
