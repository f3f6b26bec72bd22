import type { mail } from './operations';

/** Who may call a mail operation: every one takes the account token (`X-Mail-Account-Token`). */
export type MailAuth = 'account';

/**
 * Who may call each operation of the inbound mail server interface. The reference server
 * authorizes and documents its security by it; clients never read it.
 */
export const mailAccess: Record<keyof typeof mail.operations, MailAuth> = {
  getServer: 'account',
  updateServer: 'account',
};
