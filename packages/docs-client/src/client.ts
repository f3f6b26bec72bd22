import {
  type APIPromise,
  bearerAuth,
  type ClientOptions,
  createTransport,
  type RequestOptions,
  RequestValidationError,
  type SecretSource,
  type Transport,
} from '@clientkit/core';
import { Spaces } from './resources/spaces';
import { CurrentUser, Users } from './resources/users';
import { type ApiInformation, ApiInformation as ApiInformationSchema } from './schemas';

/** Options of `DocsClient`. */
export interface DocsClientOptions extends ClientOptions {
  /** The interface's base URL, ending in `/v1` (for the reference server: `<origin>/v1`). */
  baseUrl: string;
  /** A bearer token of any scheme, or a function that returns the current one (see `tokenProvider`). */
  token: SecretSource;
}

/** Reads `message` from the interface's error body `{ error: { code, message } }`. */
function docsErrorBody(body: unknown) {
  const error = (body as { error?: { message?: unknown } } | undefined)?.error;
  return typeof error?.message === 'string' ? { message: error.message } : undefined;
}

/**
 * A client of the documentation hosting interface: users, spaces, permissions and Git sync.
 *
 * @example
 * const docs = new DocsClient({ baseUrl: 'http://127.0.0.1:4010/v1', token: process.env.DOCS_TOKEN! });
 * const space = await docs.spaces.get('space_handbook');
 */
export class DocsClient {
  /** The user the token belongs to. */
  readonly user: CurrentUser;
  /** Users by id. */
  readonly users: Users;
  /** Spaces, with their Git sync (`spaces.git`) and permissions (`spaces.permissions`). */
  readonly spaces: Spaces;
  readonly #transport: Transport;

  constructor(options: DocsClientOptions) {
    if (typeof options?.token !== 'string' && typeof options?.token !== 'function') {
      throw new RequestValidationError('options of DocsClient', [
        { path: 'token', message: 'must be a token string or a function that returns one' },
      ]);
    }
    this.#transport = createTransport({
      ...options,
      auth: bearerAuth(options.token),
      errorBody: docsErrorBody,
    });
    this.user = new CurrentUser(this.#transport);
    this.users = new Users(this.#transport);
    this.spaces = new Spaces(this.#transport);
  }

  /** The release version and build date of the interface. */
  getApiInformation(options?: RequestOptions): APIPromise<ApiInformation> {
    return this.#transport.request({
      method: 'GET',
      path: '',
      responseSchema: ApiInformationSchema,
      operation: 'docs.getApiInformation',
      ...options,
    });
  }
}
