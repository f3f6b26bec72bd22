/**
 * The wire contract of the inbound mail interface as zod schemas, from
 * `@clientkit/contracts/mail`: the server record, the changes a PUT accepts, and the JSON message
 * POSTed to the inbound webhook. The client checks its inputs with them, the webhook receiver
 * checks payloads with them, and the reference server validates requests and builds payloads
 * against the same ones. Request schemas are strict: a field they do not know is refused by name;
 * response schemas type the fields they declare and let the ones the interface adds later through.
 *
 * @module
 */
export * from '@clientkit/contracts/mail';
// Named here: the contract's entry exports their types too, and through `export *` alone these
// names would resolve to the types only, not to the schemas.
export { MailErrorBody, Server } from '@clientkit/contracts/mail/responses';
