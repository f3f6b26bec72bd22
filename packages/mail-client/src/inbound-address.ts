import type { Server } from '@clientkit/contracts/mail';
import { RequestValidationError } from '@clientkit/core';

/** The parts of a server record an inbound address is made of. */
export type InboundAddressSource = Pick<Server, 'InboundHash'> &
  Partial<Pick<Server, 'InboundDomain' | 'InboundAddress'>>;

// The characters RFC 5322 allows in an unquoted local part, without the dot rules' edge cases.
const mailboxHashPattern =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/**
 * The address that delivers mail to a server: `<InboundHash>@<InboundDomain>`, or with a mailbox
 * hash `<InboundHash>+<mailboxHash>@<InboundDomain>`, which arrives as the message's `MailboxHash`
 * (handy to route replies to a ticket or a thread).
 *
 * @example
 * inboundAddress(server, { mailboxHash: 'ticket-42' }); // 'f3a1…+ticket-42@inbound.example.com'
 */
export function inboundAddress(
  server: InboundAddressSource,
  options: { mailboxHash?: string } = {},
): string {
  // Only text counts: anything else would be written into the address as "[object Object]".
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const domain = text(server.InboundDomain) || text(server.InboundAddress).split('@')[1] || '';
  const issues = [];
  if (typeof server.InboundHash !== 'string' || server.InboundHash === '') {
    issues.push({ path: 'server.InboundHash', message: 'must be a non-empty string' });
  }
  if (domain === '') {
    issues.push({ path: 'server.InboundDomain', message: 'must be set (or InboundAddress given)' });
  }
  const { mailboxHash } = options;
  if (
    mailboxHash !== undefined &&
    (typeof mailboxHash !== 'string' || !mailboxHashPattern.test(mailboxHash))
  ) {
    issues.push({
      path: 'mailboxHash',
      message:
        'must be letters, digits and the characters an email local part allows, without @ or spaces',
    });
  }
  if (issues.length > 0) throw new RequestValidationError('arguments of inboundAddress', issues);
  return `${server.InboundHash}${mailboxHash ? `+${mailboxHash}` : ''}@${domain}`;
}
