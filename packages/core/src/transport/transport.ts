import type { KyInstance } from 'ky';
import type { Auth } from '../auth/auth';
import type { Answer } from '../client/api-promise';
import { AuthenticationError, type ErrorBodyMapper, setOperation } from '../errors/errors';
import type { ClientOptions, TransportHooks } from '../options/options';
import { VERSION } from '../version';
import { answerData } from './answer-data';
import { type CallProgress, runAttempts } from './attempts';
import { parsedBody } from './body';
import type { Call } from './call';
import { answerError, type FailedAttempt } from './failure';
import { setHeaders } from './headers';
import { kyInstance, kySender } from './ky-sender';
import { type Exchange, type Sender, targetUrl } from './sender';

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

type HookName = keyof TransportHooks;
const hookNames: readonly HookName[] = [
  'beforeRequest',
  'beforeRetry',
  'beforeError',
  'afterResponse',
];

/**
 * The HTTP layer of one client. Per call it picks the sender (ky, or the call's own), runs the one
 * retry loop over it, renews refused credentials once, turns error answers into the client's
 * errors, and tells the log and the telemetry how the call went.
 */
export class Transport {
  readonly #config: TransportConfig;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #ky: KyInstance;

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
    this.#ky = kyInstance(() => this.#config.options.fetch ?? globalThis.fetch);
  }

  /**
   * Sends one call and reads its answer, once more when the interface refused the credentials and
   * the auth renewed them; an error answer or a failure rejects with the client's error.
   */
  async send(call: Call): Promise<Answer<unknown>> {
    const auth = (call.auth === undefined ? this.#config.auth : call.auth) ?? undefined;
    const started = Date.now();
    const base = call.url ?? this.#config.url;
    const progress: CallProgress = {
      attempts: 0,
      telemetry: this.#config.options.telemetry?.startCall({
        operation: call.operation,
        method: call.method,
        baseUrl: base,
        urlTemplate: `${new URL(base).pathname}${call.pathTemplate}`,
      }),
    };
    const sent: Record<string, string> = {};
    const attempts = () =>
      runAttempts({
        call,
        sender: this.#senderOf(call),
        url: targetUrl(base, call.path),
        clientHeaders: this.#headers,
        auth,
        sent,
        idempotencyKey: idempotencyKeyOf(call, this.#config.idempotencyKeys),
        progress,
        judge: (exchange) => this.#judge(exchange, call),
      });
    let answer: Answer<unknown>;
    try {
      const exchange = await attempts().catch(async (failure: unknown) => {
        if (failure instanceof AuthenticationError && (await auth?.renew?.(failure, sent))) {
          return attempts();
        }
        throw failure;
      });
      answer = answerOf(exchange, call);
      if (call.check) answer = call.check(answer);
    } catch (failure) {
      setOperation(failure, call.operation);
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
   * The call's own sender, unless the application gave what only ky's path honours (a `fetch`, or
   * hooks); otherwise ky, with the application's hooks.
   */
  #senderOf(call: Call): Sender {
    const { fetch, hooks } = this.#config.options;
    if (call.sender && !fetch && !hooks && !call.options.hooks) return call.sender;
    const given = this.#hooksOf(call);
    const context = given && {
      ...this.#config.options.context,
      ...call.options.context,
      operation: call.operation,
      pathTemplate: call.pathTemplate,
    };
    return kySender(this.#ky, given, context);
  }

  /**
   * The client's hooks, then the request's; a request list set to `undefined` empties the
   * client's, as ky does. Undefined when the application gave none.
   */
  #hooksOf(call: Call): TransportHooks | undefined {
    const own = this.#config.options.hooks;
    const request = call.options.hooks;
    if (!own && !request) return undefined;
    const hooks: TransportHooks = {};
    for (const name of hookNames) {
      const requested = request?.[name];
      const emptied = request !== undefined && Object.hasOwn(request, name) && !requested;
      const list = emptied ? [] : [...(own?.[name] ?? []), ...(requested ?? [])];
      (hooks as Record<HookName, unknown[]>)[name] = list;
    }
    return hooks;
  }

  /** An answer outside 2xx as the attempt's failure, with the interface's error class. */
  #judge(exchange: Exchange, call: Call): FailedAttempt | undefined {
    if (exchange.status >= 200 && exchange.status < 300) return undefined;
    const body = parsedBody(exchange.text, exchange.contentType);
    return {
      failure: { kind: 'status', status: exchange.status, headers: exchange.headers() },
      error: answerError(exchange, body, call, this.#config.errorFields),
    };
  }
}

/** A success as the caller sees it, its `Response` made only if something reads it. */
function answerOf(exchange: Exchange, call: Call): Answer<unknown> {
  const data = answerData(exchange, call);
  return {
    data,
    get response() {
      return exchange.response();
    },
  };
}

/**
 * The `Idempotency-Key` of every attempt of a call: POST and PATCH carry one (the caller's, or a
 * new one) where the interface honours it.
 */
function idempotencyKeyOf(call: Call, honoured: boolean): string | undefined {
  const write = call.method === 'POST' || call.method === 'PATCH';
  return write && honoured ? (call.options.idempotencyKey ?? newIdempotencyKey()) : undefined;
}

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
