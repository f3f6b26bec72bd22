import { DEFAULT_PAGE_COUNT, ListQuery, mail } from '@clientkit/contracts/mail';
import {
  type APIPromise,
  type ClientOptions,
  type HttpMethod,
  headerAuth,
  PagePromise,
  type QueryValue,
  type RawRequestInit,
  type RequestOptions,
  type SecretSource,
} from '@clientkit/core';
import { recordOffsetPages, validateInput } from '@clientkit/core/contract';
import {
  ClientCore,
  type ClientDefinition,
  type ErrorBodyFields,
  overriddenOptions,
  secretOption,
} from '@clientkit/core/internal';
import { Servers } from './resources/servers';

/** Options of `MailClient`. */
export interface MailClientOptions extends ClientOptions {
  /**
   * The service's origin, or the prefix a proxy mounts it under (for the reference server:
   * `http://127.0.0.1:4010`). The client appends `/servers`, so a URL that already ends with
   * `/servers` is refused. Without it: `CLIENTKIT_MAIL_BASE_URL`, else `CLIENTKIT_BASE_URL`, from
   * the environment.
   */
  baseUrl?: string;
  /**
   * The account token sent as `X-Mail-Account-Token`, or a function that returns the current one.
   * Without it: `CLIENTKIT_MAIL_ACCOUNT_TOKEN` from the environment. Refused in a browser unless
   * `dangerouslyAllowBrowser` is true.
   */
  accountToken?: SecretSource;
}

/** Query of a listing: `count` records per page, after skipping `offset` records, plus any filters. */
export interface MailListParams {
  /** Records per page, 1 to 500 (default 100). */
  count?: number;
  /** Records to skip before the first page (default 0). */
  offset?: number;
  [filter: string]: QueryValue;
}

/** A page as the interface answers it: the records under a name of their own, and the total. */
export interface MailList {
  /** How many records the whole listing holds. */
  TotalCount?: number;
  [records: string]: unknown;
}

/**
 * Reads `code` and `message` from the error body `{ ErrorCode, Message }`. The service's codes
 * start at 10; the 0 it sends with errors that have no code of their own (an unknown route, a
 * failure of its own) names nothing, so it is left out rather than shown as if it were one.
 */
function mailErrorFields(body: unknown): ErrorBodyFields | undefined {
  const { ErrorCode, Message } = (body ?? {}) as { ErrorCode?: unknown; Message?: unknown };
  if (typeof Message !== 'string') return undefined;
  const named = typeof ErrorCode === 'number' && ErrorCode !== 0;
  return { code: named ? String(ErrorCode) : undefined, message: Message };
}

const definition: ClientDefinition<typeof mail> = {
  name: 'MailClient',
  contract: mail,
  options: ['baseUrl', 'accountToken'],
  errorFields: mailErrorFields,
  paginate: () => recordOffsetPages(),
  environment: {
    baseUrl: 'CLIENTKIT_MAIL_BASE_URL',
    credentialOptions: ['accountToken'],
    credentials: [
      { option: 'accountToken', variables: { accountToken: 'CLIENTKIT_MAIL_ACCOUNT_TOKEN' } },
    ],
    credentialsRequired: true,
  },
  // The account token rules every server of the account, whether given as it is or by a function.
  browserSecret: () => 'its account token',
};

/**
 * A client of the inbound mail server configuration interface.
 *
 * @example
 * const mail = new MailClient({ baseUrl: 'http://127.0.0.1:4010', accountToken: 'mail-dev-account-token' });
 * // or, with CLIENTKIT_BASE_URL and CLIENTKIT_MAIL_ACCOUNT_TOKEN set: new MailClient()
 * const server = await mail.servers.get(1);
 */
export class MailClient {
  /** Server records: read and change their settings, the inbound webhook among them. */
  readonly servers: Servers;
  readonly #core: ClientCore<typeof mail>;
  readonly #given: MailClientOptions;

  /**
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when an
   * option, or a variable read for one, is refused or missing.
   */
  constructor(options: MailClientOptions = {}) {
    this.#given = { ...options };
    this.#core = new ClientCore(definition, options, (checked, subject) =>
      headerAuth(
        'X-Mail-Account-Token',
        secretOption(checked.accountToken, 'accountToken', subject),
      ),
    );
    this.servers = new Servers(this.#core);
  }

  /**
   * A new client with these options over the ones this client was given, each replacing one whole
   * (`undefined` removes it), checked as the constructor checks them.
   *
   * @example
   * const patient = mail.withOptions({ timeout: 120_000 });
   *
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when the
   * merged options are refused.
   */
  withOptions(overrides: Partial<MailClientOptions>): MailClient {
    return new MailClient(overriddenOptions(this.#given, overrides, definition.name));
  }

  /**
   * Any route under `<baseUrl>/servers/` that the typed methods do not cover yet, with the account
   * token, retries (never of a POST) and error classes applied. Nothing is checked but the method
   * and the path, which must stay under `/servers/`.
   *
   * @example
   * await mail.request('DELETE', '7'); // DELETE <baseUrl>/servers/7
   *
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} before anything
   * is sent, when the method, the path or `init` is refused.
   * @throws {@link @clientkit/core!index.APIError | APIError} when the interface answers outside 2xx: the
   * subclass for the status, such as {@link @clientkit/core!index.NotFoundError | NotFoundError} for 404.
   * @throws {@link @clientkit/core!index.APIConnectionError | APIConnectionError} when no answer arrives,
   * once the retries are spent; {@link @clientkit/core!index.APITimeoutError | APITimeoutError} when none
   * arrives within the timeout.
   * @throws {@link @clientkit/core!index.APIResponseParseError | APIResponseParseError} when a success
   * answer claims JSON and does not parse.
   * @throws {@link @clientkit/core!index.APIUserAbortError | APIUserAbortError} when the `signal` of the
   * request options aborts.
   */
  request<T = unknown>(
    method: HttpMethod,
    path: string,
    init?: RawRequestInit,
    options?: RequestOptions,
  ): APIPromise<T> {
    return this.#core.request<T>(method, path, init, options);
  }

  /**
   * Any listing under `<baseUrl>/servers/`, page after page: `count` records per page (1 to 500,
   * default 100) after skipping `offset` (default 0); the records are the page's one list and the
   * listing ends at `TotalCount`. Other parameters are sent as filters.
   *
   * @example
   * for await (const server of mail.paginate<{ ID: number; Name: string }>('', { count: 50 })) {
   *   console.log(server.Name);
   * }
   *
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} before anything
   * is sent, when the path or `params` is refused.
   * @throws {@link @clientkit/core!index.APIError | APIError} when the interface answers a page outside
   * 2xx: the subclass for the status, such as {@link @clientkit/core!index.NotFoundError | NotFoundError}
   * for 404.
   * @throws {@link @clientkit/core!index.APIConnectionError | APIConnectionError} when no answer arrives,
   * once the retries are spent; {@link @clientkit/core!index.APITimeoutError | APITimeoutError} when none
   * arrives within the timeout.
   * @throws {@link @clientkit/core!index.APIResponseParseError | APIResponseParseError} when a success
   * answer claims JSON and does not parse.
   * @throws {@link @clientkit/core!index.APIUserAbortError | APIUserAbortError} when the `signal` of the
   * request options aborts.
   */
  paginate<Item = unknown>(
    path: string,
    params: MailListParams = {},
    options?: RequestOptions,
  ): PagePromise<Item, MailList> {
    let query: MailListParams;
    try {
      query = validateInput(ListQuery, params, 'arguments of mail.paginate') as MailListParams;
    } catch (error) {
      return new PagePromise<Item, MailList>(Promise.reject(error));
    }
    const first = { ...query, count: query.count ?? DEFAULT_PAGE_COUNT, offset: query.offset ?? 0 };
    return this.#core.paginate<Item, MailList>(path, first, options);
  }
}
