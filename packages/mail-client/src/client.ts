import {
  type APIPromise,
  CLIENT_OPTION_NAMES,
  type ClientOptions,
  checkOptionNames,
  createTransport,
  type HttpMethod,
  headerAuth,
  type PagePromise,
  paginateRaw,
  type RawRequestInit,
  type RequestOptions,
  RequestValidationError,
  type SecretSource,
  sendRaw,
  type Transport,
} from '@clientkit/core';
import { type MailList, type MailListParams, offsetListing } from './listing';
import { Servers } from './resources/servers';

/** Options of `MailClient`. */
export interface MailClientOptions extends ClientOptions {
  /** The service's origin, plus any path it is mounted under; server records live under `<baseUrl>/servers`. */
  baseUrl: string;
  /** The account token sent as `X-Mail-Account-Token`, or a function that returns the current one. */
  accountToken: SecretSource;
}

const OPTION_NAMES = [...CLIENT_OPTION_NAMES, 'baseUrl', 'accountToken'];

/** Reads `ErrorCode` and `Message` from the interface's error body `{ ErrorCode, Message }`. */
function mailErrorBody(body: unknown) {
  const { ErrorCode, Message } = (body ?? {}) as { ErrorCode?: unknown; Message?: unknown };
  if (typeof Message !== 'string') return undefined;
  return { code: typeof ErrorCode === 'number' ? String(ErrorCode) : undefined, message: Message };
}

function checkAccountToken(token: unknown): void {
  if (typeof token === 'function' || (typeof token === 'string' && token !== '')) return;
  throw new RequestValidationError('options of MailClient', [
    { path: 'accountToken', message: 'must be a non-empty string or a function that returns one' },
  ]);
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
  readonly #transport: Transport;

  constructor(options: MailClientOptions) {
    checkOptionNames(options, OPTION_NAMES, 'options of MailClient');
    checkAccountToken(options?.accountToken);
    const { accountToken, ...shared } = options;
    this.#transport = createTransport({
      ...shared,
      auth: headerAuth('X-Mail-Account-Token', accountToken),
      errorBody: mailErrorBody,
      responseSchemas: () => import('./response-schemas'),
    });
    this.servers = new Servers(this.#transport);
  }

  /**
   * Any other route of the interface, for what the typed methods do not cover yet: the account
   * token, retries (never of a POST) and error classes apply; no input schema does. The path is
   * relative to `baseUrl` and must stay under it.
   *
   * @example
   * const domains = await mail.request('GET', 'domains', { query: { count: 50, offset: 0 } });
   */
  request<T = unknown>(
    method: HttpMethod,
    path: string,
    init?: RawRequestInit,
    options?: RequestOptions,
  ): APIPromise<T> {
    return sendRaw<T>(this.#transport, 'mail.request', method, path, init, options);
  }

  /**
   * Any other listing of the interface, page after page, in its offset style: `count` records per
   * page (1 to 500, default 100) after skipping `offset`; the records are the page's one list
   * (`Servers`, `Domains`, ...) and the listing ends at `TotalCount`. Other parameters are sent as
   * filters.
   *
   * @example
   * for await (const server of mail.paginate<{ ID: number; Name: string }>('servers', { count: 50 })) {
   *   console.log(server.Name);
   * }
   */
  paginate<Item = unknown>(
    path: string,
    params: MailListParams = {},
    options?: RequestOptions,
  ): PagePromise<Item, MailList> {
    return paginateRaw(path, 'mail.paginate', (relative) => {
      return offsetListing<Item>(
        this.#transport,
        { path: relative, operation: 'mail.paginate' },
        params,
        options,
      );
    });
  }
}
