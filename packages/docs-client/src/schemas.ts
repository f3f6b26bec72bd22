/**
 * The wire contract of the documentation hosting interface, as zod schemas. The client checks its
 * inputs with them and the reference server validates requests with the same ones, so the two can
 * never disagree. Request schemas are strict: a field they do not know is refused by name, so a
 * misspelt one is never dropped silently (`docs.request()` sends what the schemas do not know yet).
 * Response schemas are loose: fields the interface adds later pass through.
 *
 * @module
 */
export * from './request-schemas';
export * from './response-schemas';
