import {
  type ClientOptions,
  createTransport,
  headerAuth,
  RequestValidationError,
  type SecretSource,
} from '@clientkit/core';
import { Servers } from './resources/servers';

/** Options of `MailClient`. */
export interface MailClientOptions extends ClientOptions {
  /** The service's base URL; server records live under `<baseUrl>/servers`. */
  baseUrl: string;
  /** The account token sent as `X-Mail-Account-Token`, or a function that returns the current one. */
  accountToken: SecretSource;
}

/** Reads `ErrorCode` and `Message` from the interface's error body `{ ErrorCode, Message }`. */
function mailErrorBody(body: unknown) {
  const { ErrorCode, Message } = (body ?? {}) as { ErrorCode?: unknown; Message?: unknown };
  if (typeof Message !== 'string') return undefined;
  return { code: typeof ErrorCode === 'number' ? String(ErrorCode) : undefined, message: Message };
}

/**
 * A client of the inbound mail server configuration interface.
 *
 * @example
 * const mail = new MailClient({ baseUrl: 'http://127.0.0.1:4010', accountToken: process.env.MAIL_ACCOUNT_TOKEN! });
 * const server = await mail.servers.get(1);
 */
export class MailClient {
  /** Server records: read and change their settings, the inbound webhook among them. */
  readonly servers: Servers;

  constructor(options: MailClientOptions) {
    const token = options?.accountToken;
    if (!(typeof token === 'function' || (typeof token === 'string' && token !== ''))) {
      throw new RequestValidationError('options of MailClient', [
        {
          path: 'accountToken',
          message: 'must be a non-empty string or a function that returns one',
        },
      ]);
    }
    const transport = createTransport({
      ...options,
      auth: headerAuth('X-Mail-Account-Token', token),
      errorBody: mailErrorBody,
    });
    this.servers = new Servers(transport);
  }
}
