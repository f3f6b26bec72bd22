/**
 * The wire contract of the usage-metering interface, as zod schemas. The client checks its inputs
 * with them and the reference server validates requests with the same ones, so the two can never
 * disagree. Response schemas are loose: fields the interface adds later pass through.
 *
 * The client itself loads the request schemas up front and the response schemas only when it checks
 * responses; this entry has them all.
 *
 * @module
 */

export * from './error-schemas';
export * from './request-schemas';
export * from './response-schemas';
