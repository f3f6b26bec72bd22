import type { Contract, HttpMethod } from '../contract/operation';
import type { ClientOptions, RequestOptions } from '../options/options';
import { overriddenOptions } from '../options/overrides';
import type { PagePromise } from '../pagination/page';
import type { APIPromise } from '../response/api-promise';
import { ClientCore, type ClientDefinition, type Credentials } from './client-core';
import type { RawRequestInit } from './escape-hatch';

/**
 * What every clientkit client is: a `ClientCore` for its resources to call through, and the methods
 * every client offers the same way (`withOptions`, `request`). A client adds only its resources and
 * its options; one whose interface has listings extends `ListingClientBase`, which adds `paginate`.
 *
 * @typeParam C - The interface's contract.
 * @typeParam Options - The client's constructor options.
 */
export abstract class ClientBase<C extends Contract, Options extends ClientOptions> {
  /**
   * The door of the client's calls, which its resources bind to.
   *
   * @internal
   */
  protected readonly core: ClientCore<C>;
  readonly #given: Options;
  readonly #clientName: string;

  /**
   * Builds the client's core from its definition and the options as given; `credentials` turns
   * the checked options into its auth (see `ClientCore`).
   */
  protected constructor(
    definition: ClientDefinition<C>,
    options: Options,
    credentials: Credentials<C>,
    /** The options the core checks, when the client adds defaults to what it was given. */
    checked: unknown = options,
  ) {
    this.#given = { ...options };
    this.#clientName = definition.name;
    this.core = new ClientCore(definition, checked, credentials);
  }

  /** The options this client was given in code, for the clients `withOptions` makes. */
  protected get givenOptions(): Options {
    return this.#given;
  }

  /**
   * A new client with these options over the ones this client was given, each replacing one whole
   * (`undefined` removes it), checked as the constructor checks them.
   *
   * @example
   * const patient = client.withOptions({ timeout: 120_000, retry: 5 });
   *
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when the
   * merged options are refused.
   */
  withOptions(overrides: Partial<Options>): this {
    const Client = this.constructor as new (options: Options) => this;
    return new Client(overriddenOptions(this.#given, overrides, this.#clientName));
  }

  /**
   * Any route of the interface that the typed methods do not cover yet, relative to the interface's
   * base URL (`<baseUrl>/v1` for docs, `<baseUrl>/api/v2` for idm...), with the client's
   * credentials, retries, errors and limits. Nothing is checked but the method and the path, which
   * must stay under the base URL; the answer is passed on as it came (JSON parsed).
   *
   * @example
   * const me = await docs.request<{ id: string }>('GET', 'user');
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
   * @throws {@link @clientkit/core!index.APIResponseTooLargeError | APIResponseTooLargeError} when the
   * answer is larger than `maxResponseBytes`.
   */
  request<T = unknown>(
    method: HttpMethod,
    path: string,
    init?: RawRequestInit,
    options?: RequestOptions,
  ): APIPromise<T> {
    return this.core.request<T>(method, path, init, options);
  }
}

/**
 * A client whose interface has listings: `ClientBase` and `paginate`, which pages any listing the
 * typed methods do not cover yet.
 *
 * @typeParam ListParams - What `paginate()` takes as the query of a listing.
 * @typeParam ListBody - The body of one page of a listing, as the interface answers it.
 */
export abstract class ListingClientBase<
  C extends Contract,
  Options extends ClientOptions,
  ListParams extends object = Record<string, unknown>,
  ListBody = unknown,
> extends ClientBase<C, Options> {
  /**
   * Any listing of the interface, page after page, in the interface's pagination style: `params`
   * are the query of the first page (page size and filters), and the client follows the pages as
   * its typed listings do.
   *
   * @example
   * for await (const hit of docs.paginate<{ title: string }>('spaces/space_handbook/search', { query: 'battery' })) {
   *   console.log(hit.title);
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
   * @throws {@link @clientkit/core!index.APIResponseTooLargeError | APIResponseTooLargeError} when a
   * page is larger than `maxResponseBytes`.
   */
  paginate<Item = unknown>(
    path: string,
    params?: ListParams,
    options?: RequestOptions,
  ): PagePromise<Item, ListBody> {
    return this.core.paginate<Item, ListBody>(path, params as Record<string, unknown>, options);
  }
}
