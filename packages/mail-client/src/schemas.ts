/**
 * The wire contract of the inbound mail interface, as zod schemas: the server record, the changes a
 * PUT accepts, and the JSON message POSTed to the inbound webhook. The client checks its inputs with
 * them, the webhook receiver checks payloads with them, and the reference server validates requests
 * and builds payloads against the same ones. Response schemas are loose: fields added later pass.
 *
 * @module
 */
export * from './request-schemas';
export * from './response-schemas';
