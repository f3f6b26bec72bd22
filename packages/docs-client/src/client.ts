import { type ApiInformation, docs, type List } from '@clientkit/contracts/docs';
import {
  type APIPromise,
  bearerAuth,
  type ClientOptions,
  type RequestOptions,
  type SecretSource,
} from '@clientkit/core';
import { cursorPages } from '@clientkit/core/contract';
import { type ClientDefinition, ListingClientBase, secretOption } from '@clientkit/core/internal';
import { Spaces } from './resources/spaces';
import { CurrentUser, Users } from './resources/users';

/** Options of `DocsClient`. */
export interface DocsClientOptions extends ClientOptions {
  /**
   * The service's origin, or the prefix a proxy mounts it under (for the reference server:
   * `http://127.0.0.1:4010`). The client appends `/v1`, so a URL that already ends with `/v1` is
   * refused. Without it: `CLIENTKIT_DOCS_BASE_URL`, else `CLIENTKIT_BASE_URL`, from the environment.
   */
  baseUrl?: string;
  /**
   * A bearer token of any scheme, or a function that returns the current one (see `tokenProvider`).
   * Without it: `CLIENTKIT_DOCS_TOKEN` from the environment. A token given as a string is refused
   * in a browser unless `dangerouslyAllowBrowser` is true; a function is not.
   */
  token?: SecretSource;
}

/** The query of one page of any listing: `limit`, filters, and the cursor in `page`. */
export type ListParams = Record<string, string | number | boolean | undefined>;

const definition: ClientDefinition<typeof docs> = {
  name: 'DocsClient',
  contract: docs,
  options: ['baseUrl', 'token'],
  // The error body is `{ error: { code, message } }`, where `code` repeats the status.
  errorFields(body) {
    const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
    return typeof message === 'string' ? { message } : undefined;
  },
  paginate: () => cursorPages('items'),
  environment: {
    baseUrl: 'CLIENTKIT_DOCS_BASE_URL',
    credentialOptions: ['token'],
    credentials: [{ option: 'token', variables: { token: 'CLIENTKIT_DOCS_TOKEN' } }],
    credentialsRequired: true,
  },
  // A string is a long-lived token; a function hands out short-lived ones, fetched by the page.
  browserSecret: (options) => (typeof options.token === 'string' ? 'its token' : undefined),
};

/**
 * A client of the documentation hosting interface: users, spaces, permissions and Git sync.
 *
 * @example
 * const docs = new DocsClient({ baseUrl: 'http://127.0.0.1:4010', token: 'docs-dev-user-ada' });
 * // or, with CLIENTKIT_BASE_URL and CLIENTKIT_DOCS_TOKEN set: new DocsClient()
 * const space = await docs.spaces.get('space_handbook');
 */
export class DocsClient extends ListingClientBase<
  typeof docs,
  DocsClientOptions,
  ListParams,
  List<unknown>
> {
  /** The user the token belongs to. */
  readonly user: CurrentUser;
  /** Users by id. */
  readonly users: Users;
  /** Spaces, with their Git sync (`spaces.git`) and permissions (`spaces.permissions`). */
  readonly spaces: Spaces;

  /**
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when an
   * option, or a variable read for one, is refused or missing.
   */
  constructor(options: DocsClientOptions = {}) {
    super(definition, options, (checked, subject) =>
      bearerAuth(secretOption(checked.token, 'token', subject)),
    );
    this.user = new CurrentUser(this.core);
    this.users = new Users(this.core);
    this.spaces = new Spaces(this.core);
  }

  /** The release version and build date of the interface. */
  getApiInformation(options?: RequestOptions): APIPromise<ApiInformation> {
    return this.core.call(docs.operations.getApiInformation, {}, options);
  }
}
