import { ListQuery, mail } from '@clientkit/contracts/mail';
import {
  type ClientOptions,
  headerAuth,
  type QueryValue,
  type SecretSource,
} from '@clientkit/core';
import { recordOffsetPages, validateInput } from '@clientkit/core/contract';
import {
  type ClientDefinition,
  type ErrorBodyFields,
  ListingClientBase,
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
  paginateQuery: (params) => validateInput(ListQuery, params, 'arguments of mail.paginate'),
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
export class MailClient extends ListingClientBase<
  typeof mail,
  MailClientOptions,
  MailListParams,
  MailList
> {
  /** Server records: read and change their settings, the inbound webhook among them. */
  readonly servers: Servers;

  /**
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when an
   * option, or a variable read for one, is refused or missing.
   */
  constructor(options: MailClientOptions = {}) {
    super(definition, options, (checked, subject) =>
      headerAuth(
        'X-Mail-Account-Token',
        secretOption(checked.accountToken, 'accountToken', subject),
      ),
    );
    this.servers = new Servers(this.core);
  }
}
