import { type RateLimit, rateLimitOf } from './rate-limit';
import { requestIdOf } from './request-id';

/** A parsed body together with the response it came from. */
export interface WithResponse<T> {
  data: T;
  response: Response;
  /** The request id the response carries (`x-request-id`, else `request-id`), or null. */
  requestId: string | null;
  /** The request budget the response reports (`X-RateLimit-*`), or undefined when it reports none. */
  rateLimit: RateLimit | undefined;
}

/** What a call resolves with before its data is taken out: the data and the response it came in. */
export interface CallResult<T> {
  data: T;
  response: Response;
}

/**
 * The result an APIPromise wraps, for code that builds one APIPromise on another (core's
 * paginators).
 */
export let resultOf: <T>(promise: APIPromise<T>) => Promise<CallResult<T>>;

/**
 * What every SDK method returns: a real `Promise` of the data, which also offers `.withResponse()`
 * for the data, the raw `Response` and its request id.
 *
 * @example
 * const { data: space, requestId } = await docs.spaces.get('space_1').withResponse();
 */
export class APIPromise<T> extends Promise<T> {
  // `then` and its kin make plain promises: an APIPromise is only ever built from a call's result.
  static override get [Symbol.species]() {
    return Promise;
  }

  static {
    resultOf = (promise) => promise.#result;
  }

  readonly #result: Promise<CallResult<T>>;

  constructor(result: Promise<CallResult<T>>) {
    // The promise itself is never settled with anything a caller sees: `then` reads the result.
    super(keepPending);
    this.#result = result;
  }

  /** A promise that rejects with `error`, for failures found before any request is made. */
  static override reject<T = never>(error: unknown): APIPromise<T> {
    return new APIPromise<T>(Promise.reject(error));
  }

  /** The data, the raw `Response`, its request id and the request budget it reports. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#result.then(({ data, response }) => ({
      data,
      response,
      requestId: requestIdOf(response.headers),
      rateLimit: rateLimitOf(response.status, response.headers),
    }));
  }

  /** A new APIPromise whose data is `transform(data, response)`, keeping the same response. */
  map<U>(transform: (data: T, response: Response) => U): APIPromise<U> {
    return new APIPromise(
      this.#result.then(({ data, response }) => ({ data: transform(data, response), response })),
    );
  }

  // biome-ignore lint/suspicious/noThenProperty: an APIPromise is a promise.
  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#result.then(dataOf).then(onfulfilled, onrejected);
  }

  override catch<R = never>(
    onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null,
  ): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }
}

function keepPending(): void {}

function dataOf<T>(result: CallResult<T>): T {
  return result.data;
}
