/** A parsed body together with the response it came from. */
export interface WithResponse<T> {
  data: T;
  response: Response;
  /** The `x-request-id` of the response, or null when the server sent none. */
  requestId: string | null;
}

/** The request id a response carries, if any. */
export function requestIdOf(response: Response): string | null {
  return response.headers.get('x-request-id') ?? response.headers.get('request-id');
}

/**
 * The promise of `{ data, response }` an APIPromise wraps, for code that builds one APIPromise on
 * another (core's paginators, a client's listing that loads on first use).
 */
export let resultOf: <T>(promise: APIPromise<T>) => Promise<{ data: T; response: Response }>;

/**
 * What every SDK method returns: await it for the data, or call `.withResponse()` for the data, the
 * raw `Response` and its request id.
 *
 * @example
 * const { data: space, requestId } = await docs.spaces.get('space_1').withResponse();
 */
export class APIPromise<T> implements PromiseLike<T> {
  readonly #result: Promise<{ data: T; response: Response }>;

  static {
    resultOf = (promise) => promise.#result;
  }

  constructor(result: Promise<{ data: T; response: Response }>) {
    this.#result = result;
  }

  /** A promise that rejects with `error`, for failures found before any request is made. */
  static reject<T>(error: unknown): APIPromise<T> {
    return new APIPromise<T>(Promise.reject(error));
  }

  /** The data, the raw `Response` and its request id. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#result.then(({ data, response }) => ({
      data,
      response,
      requestId: requestIdOf(response),
    }));
  }

  /** A new APIPromise whose data is `transform(data)`, keeping the same response. */
  map<U>(transform: (data: T, response: Response) => U): APIPromise<U> {
    return new APIPromise(
      this.#result.then(({ data, response }) => ({ data: transform(data, response), response })),
    );
  }

  /** Runs a callback with the data (or the error), as a promise's `then` does. */
  // biome-ignore lint/suspicious/noThenProperty: an APIPromise is meant to be awaited like a promise.
  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    // One step rather than two: a callback that throws still rejects the result, not `onrejected`.
    return this.#result.then(
      onfulfilled ? ({ data }) => onfulfilled(data) : ({ data }) => data as unknown as R1,
      onrejected,
    );
  }

  /** Runs a callback with the error, as a promise's `catch` does. */
  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  /** Runs a callback once the request settles, as a promise's `finally` does. */
  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }

  get [Symbol.toStringTag](): string {
    return 'APIPromise';
  }
}
