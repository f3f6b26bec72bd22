/**
 * The contract of the inbound mail server interface: its operations (method, path, the schemas of
 * path, body and answer), who may call each (`mailAccess`), the schemas of its requests, and the
 * JSON message the service POSTs to a server's inbound webhook. The mail client binds its methods
 * to it, its webhook receiver checks payloads with it, and the reference server mounts its
 * handlers on it and builds payloads against it. The response schemas themselves are in
 * `@clientkit/contracts/mail/responses`.
 *
 * @module
 */

export { type MailAuth, mailAccess } from './mail/access';
export * from './mail/inbound-message';
export { mail } from './mail/operations';
export * from './mail/request-schemas';
export type { MailErrorBody, Server } from './mail/response-schemas';
