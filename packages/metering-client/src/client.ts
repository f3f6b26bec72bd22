import {
  bearerAuth,
  type ClientOptions,
  createTransport,
  httpUrlString,
  integer,
  RequestValidationError,
  type SecretSource,
  validateInput,
} from '@clientkit/core';
import * as z from 'zod/mini';
import { createBatchSender } from './event-sender';
import { MeterEventStream, type MeterEventStreamOptions } from './meter-event-stream';
import { Events } from './resources/events';
import { Sessions } from './resources/sessions';
import { ServiceVersion } from './schemas';
import { SessionManager } from './session-manager';

/** The release sent as `Service-Version` unless the client is given another. */
export const DEFAULT_SERVICE_VERSION = '2026-01-28.preview';
/** How long before its expiry a session is replaced, unless the client is given another margin. */
export const DEFAULT_RENEW_BEFORE_EXPIRY_MS = 60_000;

/** Options of `MeteringClient`. */
export interface MeteringClientOptions extends ClientOptions {
  /** The service's origin, without a path (for the reference server: its URL). */
  baseUrl: string;
  /** The secret API key (`sk_test_...` or `sk_live_...`), or a function that returns it. Sent only to create sessions. */
  apiKey: SecretSource;
  /** The date-based release sent as `Service-Version` (default `2026-01-28.preview`). */
  serviceVersion?: string;
  /** The origin of the event stream when it differs from `baseUrl` (the real service has its own host). */
  streamBaseUrl?: string;
  /** Replace the session this long before it expires, in ms (default 60 000). */
  renewBeforeExpiryMs?: number;
}

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
  readonly #sessionManager: SessionManager;
  readonly #sendBatch: ReturnType<typeof createBatchSender>;

  constructor(options: MeteringClientOptions) {
    if (
      (typeof options?.apiKey !== 'string' || options.apiKey === '') &&
      typeof options?.apiKey !== 'function'
    ) {
      throw new RequestValidationError('options of MeteringClient', [
        { path: 'apiKey', message: 'must be an API key or a function that returns one' },
      ]);
    }
    const checked = validateInput(
      ClientChecks,
      {
        serviceVersion: options.serviceVersion,
        streamBaseUrl: options.streamBaseUrl,
        renewBeforeExpiryMs: options.renewBeforeExpiryMs,
      },
      'options of MeteringClient',
    );
    const {
      apiKey: _apiKey,
      serviceVersion,
      streamBaseUrl,
      renewBeforeExpiryMs,
      ...rest
    } = options;
    const transport = createTransport({
      ...rest,
      headers: {
        'service-version': checked.serviceVersion ?? DEFAULT_SERVICE_VERSION,
        ...rest.headers,
      },
      errorBody: meteringErrorBody,
    });
    this.sessions = new Sessions(transport, bearerAuth(options.apiKey));
    this.#sessionManager = new SessionManager({
      createSession: () => this.sessions.create(),
      renewBeforeExpiryMs: checked.renewBeforeExpiryMs ?? DEFAULT_RENEW_BEFORE_EXPIRY_MS,
    });
    this.#sendBatch = createBatchSender(transport, this.#sessionManager, checked.streamBaseUrl);
    this.events = new Events(this.#sendBatch);
  }

  /** How many sessions the client has created for its own use (the raw `sessions.create()` calls excluded). */
  get sessionsCreated(): number {
    return this.#sessionManager.sessionsCreated;
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
    return new MeterEventStream(this.#sendBatch, () => this.sessionsCreated, options);
  }
}
