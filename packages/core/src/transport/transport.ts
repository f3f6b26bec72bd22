import type { KyInstance, Options as KyOptions, RetryOptions } from 'ky';
import type { Answer } from '../api-promise';
import { type Auth, fixedHeadersOf } from '../auth';
import type { HttpMethod } from '../contract';
import { AuthenticationError, type ErrorBodyMapper } from '../errors';
import type { CallLog } from '../logging';
import { optIn } from '../opt-in-loader';
import type { ClientOptions, RequestOptions, TransportHooks } from '../options';
import type { CallTelemetry, Outcome } from '../telemetry';
import { VERSION } from '../version';
import { readBody } from './body';
import { attemptFailureOf, describeFailure, markingFetch } from './failure';
import { callHeaders, credentialsOf, idempotencyKeyOf, setHeaders } from './headers';
import { loadKy } from './ky';
import { type RetryPolicy, retryWaitMs } from './retry-policy';

/** Time allowed for each attempt of a request, in milliseconds, unless the client or request sets another. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** One request, as the client's door hands it over: checked, serialised and ready to send. */
export interface Call {
  /** The operation's public name, such as `docs.spaces.get`. */
  operation: string;
  /** The path template relative to the base URL, such as `spaces/{spaceId}`. */
  pathTemplate: string;
  method: HttpMethod;
  /** The filled path relative to the base URL, with its query string. */
  path: string;
  /** The JSON text of the body. */
  body?: string | undefined;
  /** The caller's options of this request. */
  options: RequestOptions;
  /** The retry policy of this request. */
  retry: RetryPolicy;
  /** Per-attempt timeout in ms, or false for none. */
  timeout: number | false;
  /** Credentials instead of the client's; `null` sends none. */
  auth?: Auth | null | undefined;
  /** Another base URL than the client's (metering's stream host). */
  url?: string | undefined;
  /** Logs the call's outcome; undefined when the client logs nothing. */
  log?: CallLog | undefined;
  /** Sends the call instead of ky, unless the application gave a `fetch`, hooks or `shouldRetry`. */
  sender?: CallSender | undefined;
  /** Told before each retry of the call, with its number (1 for the first). */
  onRetry?: ((retryCount: number) => void) | undefined;
  /**
   * Checks the answer before the call counts as done (`validateResponses`). What it throws is the
   * call's outcome for the log and the telemetry, as it is for the caller.
   */
  check?: ((answer: Answer<unknown>) => Promise<Answer<unknown>>) | undefined;
}

/** One call for a client's own sender: where it goes, with what, and how it reports progress. */
export interface OwnSend {
  call: Call;
  /** The URL the call's path is relative to. */
  url: string;
  /** The client's own headers (accept, user agent, its `headers` option), names in lower case. */
  headers: Readonly<Record<string, string>>;
  /** The call's credentials, if any. */
  auth: Auth | undefined;
  /** The credentials each attempt sent, names in lower case, for a renewal (see `Auth.renew`). */
  sent: Record<string, string>;
  errorFields: ErrorBodyMapper | undefined;
  /** The interface honours `Idempotency-Key`: POST and PATCH carry one on every attempt. */
  idempotencyKeys: boolean;
  /** The sender counts its attempts here and reports each to the call's telemetry. */
  progress: CallProgress;
}

/** What the transport keeps of one call while it runs. */
export interface CallProgress {
  attempts: number;
  telemetry: CallTelemetry | undefined;
  /** Ends the attempt in flight for the telemetry. */
  endAttempt?: ((outcome: Outcome) => void) | undefined;
}

/**
 * Sends a call some other way than ky (metering's stream on Node) through the same retry policy,
 * credentials and errors (see `wireSender`); the transport renews refused credentials, logs the
 * call and ends its telemetry.
 */
export type CallSender = (send: OwnSend) => Promise<Answer<unknown>>;

/** What a transport needs of its client: where to send, how to sign, how to read errors. */
export interface TransportConfig {
  /** The absolute URL paths are relative to, ending in `/`. */
  url: string;
  options: ClientOptions;
  auth?: Auth | undefined;
  errorFields?: ErrorBodyMapper | undefined;
  /** The interface honours `Idempotency-Key`: POST and PATCH carry one on every attempt. */
  idempotencyKeys: boolean;
}

type Hook = (...args: never[]) => unknown;

const hookNames = ['beforeRequest', 'beforeRetry', 'beforeError', 'afterResponse'] as const;

/**
 * The HTTP layer of one client, on one ky instance (fetch, errors thrown on non-2xx answers). Per
 * call it adds the headers and credentials, the retry policy, the hooks with the operation in their
 * context, and turns what ky raised into the client's errors.
 */
export class Transport {
  readonly #config: TransportConfig;
  readonly #headers: Record<string, string>;
  #ky: KyInstance | undefined;

  constructor(config: TransportConfig) {
    this.#config = config;
    this.#headers = setHeaders(
      {},
      {
        accept: 'application/json',
        'user-agent': config.options.userAgent ?? `clientkit/${VERSION}`,
        ...config.options.headers,
      },
    ) as Record<string, string>;
  }

  /**
   * Sends one call and reads its answer, once more when the interface refused the credentials and
   * the auth renewed them; an error answer or a failure rejects with the client's error.
   */
  async send(call: Call): Promise<Answer<unknown>> {
    const own = this.#ownSender(call);
    const ky = own ? undefined : (this.#ky ?? (await this.#load()));
    const auth = (call.auth === undefined ? this.#config.auth : call.auth) ?? undefined;
    const started = Date.now();
    const url = call.url ?? this.#config.url;
    const progress: CallProgress = {
      attempts: 0,
      telemetry: this.#config.options.telemetry?.startCall({
        operation: call.operation,
        method: call.method,
        baseUrl: url,
        urlTemplate: `${new URL(url).pathname}${call.pathTemplate}`,
      }),
    };
    const sent: Record<string, string> = {};
    const attempts = () =>
      ky
        ? this.#kyAttempts(ky, call, url, auth, sent, progress)
        : own!({
            call,
            url,
            headers: this.#headers,
            auth,
            sent,
            errorFields: this.#config.errorFields,
            idempotencyKeys: this.#config.idempotencyKeys,
            progress,
          });
    let answer: Answer<unknown>;
    try {
      answer = await attempts().catch(async (failure: unknown) => {
        if (failure instanceof AuthenticationError && (await auth?.renew?.(failure, sent))) {
          return attempts();
        }
        throw failure;
      });
      if (call.check) answer = await call.check(answer);
    } catch (failure) {
      progress.endAttempt?.({ error: failure });
      progress.telemetry?.end({ error: failure });
      call.log?.failed(call, failure, progress.attempts, Date.now() - started);
      throw failure;
    }
    progress.telemetry?.end({ response: answer.response });
    call.log?.completed(
      call,
      answer.response,
      progress.attempts,
      Date.now() - started,
      answer.data,
    );
    return answer;
  }

  /**
   * The call's own sender, unless the application gave what only ky's path honours: a `fetch`, hooks,
   * or a `shouldRetry` (written against the errors ky raises).
   */
  #ownSender(call: Call): CallSender | undefined {
    const { fetch, hooks } = this.#config.options;
    if (fetch || hooks || call.options.hooks || call.retry.shouldRetry) return undefined;
    return call.sender;
  }

  async #load(): Promise<KyInstance> {
    const { default: ky } = await loadKy();
    return (this.#ky ??= ky.create({
      // Read at call time, so that a fetch replaced after the client was built (by a test tool) is used.
      fetch: markingFetch(() => this.#config.options.fetch ?? globalThis.fetch),
    }));
  }

  /** The attempts of a call through ky's retry loop, and its answer; rejects with the client's error. */
  async #kyAttempts(
    ky: KyInstance,
    call: Call,
    url: string,
    auth: Auth | undefined,
    sent: Record<string, string>,
    progress: CallProgress,
  ): Promise<Answer<unknown>> {
    let response: Response;
    try {
      response = await ky(call.path, await this.#kyOptions(call, url, auth, sent, progress));
    } catch (error) {
      throw await describeFailure(error, call, this.#config.errorFields);
    }
    endAttempt(progress, { response });
    return { data: await readBody(response, call.method), response };
  }

  async #kyOptions(
    call: Call,
    url: string,
    auth: Auth | undefined,
    sent: Record<string, string>,
    progress: CallProgress,
  ): Promise<KyOptions> {
    const headers = callHeaders(this.#headers, call, await credentialsOf(auth, sent));
    const key = idempotencyKeyOf(call, this.#config.idempotencyKeys);
    if (key !== undefined) headers['idempotency-key'] = key;
    const options: KyOptions = {
      method: call.method,
      headers,
      body: call.body,
      signal: call.options.signal,
      prefixUrl: url,
      timeout: call.timeout,
      retry: this.#kyRetry(call),
    };
    const hooks = await this.#hooks(call, auth, sent, progress);
    if (hooks) options.hooks = hooks;
    // ky hands the context on to hooks only, so it goes with the application's hooks.
    if (this.#config.options.hooks || call.options.hooks) {
      options.context = {
        ...this.#config.options.context,
        ...call.options.context,
        operation: call.operation,
        pathTemplate: call.pathTemplate,
      };
    }
    return options;
  }

  /**
   * ky's retry options for one call: ky runs the loop and waits, the policy decides. `shouldRetry`
   * answers every failure with true or false (so ky's own status lists, header reading and backoff
   * never apply; its method list is the call's own), and `delay` hands ky the wait the policy chose.
   */
  #kyRetry(call: Call): RetryOptions {
    let waitMs = 0;
    return {
      limit: call.retry.limit,
      methods: [call.method],
      delay: () => waitMs,
      shouldRetry: async ({ error, retryCount }) => {
        const wait = await retryWaitMs(
          call.retry,
          call.method,
          attemptFailureOf(error),
          retryCount,
          error,
        );
        if (wait === undefined) return false;
        waitMs = wait;
        return true;
      },
    };
  }

  /**
   * The hooks of one call: its own bookkeeping and the credentials asked for again before each
   * retry, then the client's hooks, then the request's (a request list set to `undefined` empties
   * the client's, as ky does). None when nothing listens: no hooks of the application's, no log,
   * no telemetry, no retry callback, and credentials that stay the same between attempts.
   */
  async #hooks(
    call: Call,
    auth: Auth | undefined,
    sent: Record<string, string>,
    progress: CallProgress,
  ): Promise<TransportHooks | undefined> {
    const request = call.options.hooks;
    const listened =
      this.#config.options.hooks || request || progress.telemetry || call.log || call.onRetry;
    if (!listened && !renewsCredentials(auth)) return undefined;
    const own = this.#config.options.hooks ?? {};
    const listOf = (name: (typeof hookNames)[number]): Hook[] => {
      const requested = request?.[name] as Hook[] | undefined;
      if (request && Object.hasOwn(request, name) && requested === undefined) return [];
      return [...((own[name] as Hook[] | undefined) ?? []), ...(requested ?? [])];
    };
    // The caller's afterResponse hooks may force retries, which follow the retry rules (opt-in.ts).
    const callerAfterResponse = listOf('afterResponse');
    const afterResponse =
      callerAfterResponse.length > 0
        ? await (await optIn()).guardForcedRetries(call, callerAfterResponse)
        : [];
    const startAttempt = (request: Request) => {
      progress.attempts += 1;
      progress.endAttempt = progress.telemetry?.attempt(request, progress.attempts - 1);
    };
    const retrying = async (retry: { request: Request; error: Error; retryCount: number }) => {
      // An attempt that got no response (a timeout, a lost connection) ends here.
      endAttempt(progress, { error: retry.error });
      call.log?.retrying(call, retry.error, retry.retryCount);
      call.onRetry?.(retry.retryCount);
      if (!renewsCredentials(auth)) return;
      const credentials = await credentialsOf(auth, sent);
      for (const name in credentials) retry.request.headers.set(name, credentials[name]!);
    };
    return {
      beforeRequest: [...listOf('beforeRequest'), startAttempt],
      beforeRetry: [retrying, ...listOf('beforeRetry')],
      beforeError: listOf('beforeError'),
      // ky clones the response for every afterResponse hook: none is added without a reason.
      afterResponse: [
        ...(progress.telemetry
          ? [
              (_request: Request, _options: unknown, response: Response) =>
                endAttempt(progress, { response }),
            ]
          : []),
        ...afterResponse,
      ],
    } as TransportHooks;
  }
}

/** Whether the auth's headers can change between attempts, so that a retry asks for them again. */
function renewsCredentials(auth: Auth | undefined): auth is Auth {
  return auth !== undefined && fixedHeadersOf(auth) === undefined;
}

/** Ends the attempt in flight for the telemetry, if it has not ended. */
function endAttempt(progress: CallProgress, outcome: Outcome): void {
  progress.endAttempt?.(outcome);
  progress.endAttempt = undefined;
}
