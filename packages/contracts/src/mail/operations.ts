import { Server, UpdateServerBody } from '@clientkit/mail-client/schemas';
import type { Operation } from '../../operations';

/** Every mail operation takes the account token (`X-Mail-Account-Token`). */
export type MailAuth = 'account';

export type MailOperation = Operation<MailAuth>;

const NEGOTIATION = {
  401: 'No account token, or a wrong one',
  404: 'No server with this ID in the account',
  406: 'Accept does not admit application/json',
};

/** Both operations of the mail interface, in the order of the specification's endpoint table. */
export const mailOperations: MailOperation[] = [
  {
    id: 'getServer',
    methods: ['GET'],
    path: '/servers/{serverid}',
    summary: 'A server record; hook URLs are shown without their passwords',
    auth: 'account',
    response: Server,
    success: { 200: 'The server' },
    errors: NEGOTIATION,
  },
  {
    id: 'updateServer',
    methods: ['PUT'],
    path: '/servers/{serverid}',
    summary: "Change some of a server's settings",
    auth: 'account',
    body: UpdateServerBody,
    response: Server,
    success: { 200: 'The server as changed' },
    errors: {
      ...NEGOTIATION,
      415: 'The body is not sent as application/json',
      422: 'The body is not JSON, changes nothing, or breaks a rule (its ErrorCode says which)',
    },
  },
];
