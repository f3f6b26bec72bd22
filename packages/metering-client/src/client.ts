import {
  type APIPromise,
  bearerAuth,
  CLIENT_OPTION_NAMES,
  type ClientOptions,
  checkOptionNames,
  createTransport,
  type HttpMethod,
  httpUrlString,
  integer,
  type RawRequestInit,
  type RequestOptions,
  RequestValidationError,
  type SecretSource,
  sendRaw,
  type TokenProvider,
  type Transport,
  validateInput,
} from '@clientkit/core';
import * as z from '@clientkit/core/schema';
import { MeterEventStream, type MeterEventStreamOptions } from './meter-event-stream';
import { lazyNodeStreamFetch } from './node-process';
import { ServiceVersion } from './request-schemas';
import { Events } from './resources/events';
import { Sessions } from './resources/sessions';
import { isSessionExpiredError, sessionProvider } from './session';
import { streamTransport } from './stream-transport';

/** The release sent as `Service-Version` unless the client is given another. */
export const DEFAULT_SERVICE_VERSION = '2026-01-28.preview';
/** How long before its expiry a session is replaced, unless the client is given another margin. */
export const DEFAULT_RENEW_BEFORE_EXPIRY_MS = 60_000;

/** Options of `MeteringClient`. */
export interface MeteringClientOptions extends ClientOptions {
  /** The service's origin, plus any path it is mounted under (for the reference server: its URL). */
  baseUrl: string;
  /** The secret API key (`sk_test_...` or `sk_live_...`), or a function that returns it. Never sent to the stream. */
  apiKey: SecretSource;
  /** The date-based release sent as `Service-Version` (default `2026-01-28.preview`). */
  serviceVersion?: string;
  /** The origin of the event stream when it differs from `baseUrl` (the real service has its own host). */
  streamBaseUrl?: string;
  /** Replace the session this long before it expires, in ms (default 60 000). */
  renewBeforeExpiryMs?: number;
}

const OPTION_NAMES = [
  ...CLIENT_OPTION_NAMES,
  'baseUrl',
  'apiKey',
  'serviceVersion',
  'streamBaseUrl',
  'renewBeforeExpiryMs',
];

const ClientChecks = z.object({
  serviceVersion: z.optional(ServiceVersion),
  streamBaseUrl: z.optional(httpUrlString()),
  renewBeforeExpiryMs: z.optional(integer(0)),
});

/** Reads `code` (or, without one, `type`) and `message` from `{ error: { type, code?, message } }`. */
function meteringErrorBody(body: unknown) {
  const error = (body as { error?: { type?: unknown; code?: unknown; message?: unknown } } | null)
    ?.error;
  if (!error || typeof error !== 'object') return undefined;
  const code = typeof error.code === 'string' ? error.code : error.type;
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof error.message === 'string' ? error.message : undefined,
  };
}

function checkApiKey(apiKey: unknown): void {
  if ((typeof apiKey === 'string' && apiKey !== '') || typeof apiKey === 'function') return;
  throw new RequestValidationError('options of MeteringClient', [
    { path: 'apiKey', message: 'must be an API key or a function that returns one' },
  ]);
}

/**
 * A client of the usage-metering interface: sessions, events sent in batches, and a lossless
 * high-throughput stream. It creates, caches and renews the stream session itself.
 *
 * @example
 * const metering = new MeteringClient({ baseUrl: 'http://127.0.0.1:4010', apiKey: process.env.METERING_API_KEY! });
 * await metering.events.send([{ event_name: 'api_call', payload: { stripe_customer_id: 'cus_1', value: '1' } }]);
 */
export class MeteringClient {
  /** Sessions (the raw call; the client manages the one it sends events with). */
  readonly sessions: Sessions;
  /** Events, sent in one request of up to 100. */
  readonly events: Events;
  readonly #transport: Transport;
  readonly #session: TokenProvider;

  constructor(options: MeteringClientOptions) {
    checkOptionNames(options, OPTION_NAMES, 'options of MeteringClient');
    checkApiKey(options?.apiKey);
    const { apiKey, serviceVersion, streamBaseUrl, renewBeforeExpiryMs, ...shared } = options;
    const checked = validateInput(
      ClientChecks,
      { serviceVersion, streamBaseUrl, renewBeforeExpiryMs },
      'options of MeteringClient',
    );
    const transportOptions = {
      ...shared,
      auth: bearerAuth(apiKey),
      headers: {
        'service-version': checked.serviceVersion ?? DEFAULT_SERVICE_VERSION,
        ...shared.headers,
      },
      errorBody: meteringErrorBody,
      responseSchemas: () => import('./response-schemas'),
      // Sessions are disposable and every event carries an identifier, so a repeated POST is
      // harmless: POSTs are retried, each with one Idempotency-Key for all its attempts.
      idempotencyKeys: true,
    };
    // The API key on the service's origin, where sessions are created; the event stream is reached
    // with the same options and the session token instead, on Node over node:http (see
    // node-fetch.ts) unless the application gave its own fetch.
    this.#transport = createTransport(transportOptions);
    const streamFetch = shared.fetch ? undefined : lazyNodeStreamFetch();
    const eventTransport = streamFetch
      ? createTransport({ ...transportOptions, fetch: streamFetch })
      : this.#transport;
    this.sessions = new Sessions(this.#transport);
    this.#session = sessionProvider(
      this.sessions,
      checked.renewBeforeExpiryMs ?? DEFAULT_RENEW_BEFORE_EXPIRY_MS,
    );
    const sessionAuth = bearerAuth(this.#session, { renewWhen: isSessionExpiredError });
    this.events = new Events(
      streamTransport(eventTransport, { baseUrl: checked.streamBaseUrl, auth: sessionAuth }),
    );
  }

  /** How many sessions the client has created for its own use (the raw `sessions.create()` calls excluded). */
  get sessionsCreated(): number {
    return this.#session.fetched;
  }

  /**
   * A buffered stream that sends events in batches, several requests at a time, retrying failures
   * with the same identifiers, and never dropping an event without telling you.
   *
   * @example
   * const stream = metering.createStream({ batchSize: 100, concurrency: 8, onBatchError: (error, events) => keep(events) });
   * stream.push({ event_name: 'api_call', payload: { stripe_customer_id: 'cus_1', value: '1' } });
   * await stream.close();
   * stream.stats; // { accepted, sent, retried, failed, buffered, sessionsCreated }
   */
  createStream(options?: MeterEventStreamOptions): MeterEventStream {
    return new MeterEventStream(this.events, () => this.sessionsCreated, options);
  }

  /**
   * Any other route of the interface on `baseUrl`, for what the typed methods do not cover yet:
   * the API key, `Service-Version`, retries (POSTs with an Idempotency-Key) and error classes
   * apply; no input schema does. The path is relative to `baseUrl` and must stay under it.
   *
   * @example
   * const meters = await metering.request('GET', 'v1/billing/meters', { query: { limit: 10 } });
   */
  request<T = unknown>(
    method: HttpMethod,
    path: string,
    init?: RawRequestInit,
    options?: RequestOptions,
  ): APIPromise<T> {
    return sendRaw<T>(this.#transport, 'metering.request', method, path, init, options);
  }
}
