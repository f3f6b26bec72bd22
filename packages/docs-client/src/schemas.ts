/**
 * The wire contract of the documentation hosting interface as zod schemas, from
 * `@clientkit/contracts/docs`. The client checks its inputs with them and the reference server
 * validates requests with the same ones. Request schemas are strict: a field they do not know is
 * refused by name, so a misspelt one is never dropped silently (`extraBody` and `extraQuery` send
 * what the schemas do not know yet). Response schemas type the fields they declare and let the
 * ones the interface adds later through.
 *
 * @module
 */
export * from '@clientkit/contracts/docs';
export * from '@clientkit/contracts/docs/responses';
