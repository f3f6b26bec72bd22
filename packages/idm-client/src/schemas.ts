/**
 * The wire contract of the identity management interface, as zod schemas and the limits they
 * enforce. The client checks its inputs with them and the reference server validates requests with
 * the same ones, so the two cannot disagree. Response schemas are loose: fields the interface adds
 * later pass through.
 *
 * The client itself loads the request schemas up front and the response schemas only when it checks
 * responses; this entry has them all.
 *
 * @module
 */

export * from './offset-lists';
export * from './request-schemas';
export * from './response-schemas';
