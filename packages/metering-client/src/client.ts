import { integer } from '@clientkit/contracts';
import { metering, ServiceVersion } from '@clientkit/contracts/metering';
import { type Auth, bearerAuth, type ClientOptions, type SecretSource } from '@clientkit/core';
import { validateInput } from '@clientkit/core/contract';
import {
  ClientBase,
  type ClientDefinition,
  type GivenOptions,
  secretOption,
  serviceUrl,
} from '@clientkit/core/internal';
import * as z from 'zod/mini';
import { MeterEventStream } from './meter-event-stream';
import { nodeSenderIfNode } from './node-wire';
import { Events } from './resources/events';
import { Sessions } from './resources/sessions';
import { isSessionExpiredError, type MeteringSession, sessionProvider } from './session';
import type { MeterEventStreamOptions } from './stream-options';

/** The release sent as `Service-Version` unless the client is given another. */
export const DEFAULT_SERVICE_VERSION = '2026-01-28.preview';
/** How long before its expiry a session is replaced, unless the client is given another margin. */
export const DEFAULT_RENEW_BEFORE_EXPIRY_MS = 60_000;

/** Options of `MeteringClient`. */
export interface MeteringClientOptions extends ClientOptions {
  /**
   * The service's origin, or the prefix a proxy mounts it under (for the reference server: its
   * URL). The client appends `/v2/billing`, so a URL that already ends with `/v2/billing` is
   * refused. Without it: `CLIENTKIT_METERING_BASE_URL`, else `CLIENTKIT_BASE_URL`, from the
   * environment.
   */
  baseUrl?: string;
  /**
   * The secret API key (`sk_test_...` or `sk_live_...`), or a function that returns it. Never sent
   * to the stream. Without it: `CLIENTKIT_METERING_API_KEY` from the environment. Refused in a
   * browser unless `dangerouslyAllowBrowser` is true.
   */
  apiKey?: SecretSource;
  /** The date-based release sent as `Service-Version` (default `2026-01-28.preview`). */
  serviceVersion?: string;
  /**
   * The origin of the event stream when it differs from `baseUrl` (the real service has its own
   * host); the same rules as `baseUrl` apply. No variable stands for it: without it the stream
   * goes to `baseUrl`, wherever that came from.
   */
  streamBaseUrl?: string;
  /** Replace the session this long before it expires, in ms (default 60 000). */
  renewBeforeExpiryMs?: number;
}

const SUBJECT = 'options of MeteringClient';

const definition: ClientDefinition<typeof metering> = {
  name: 'MeteringClient',
  contract: metering,
  options: ['baseUrl', 'apiKey', 'serviceVersion', 'streamBaseUrl', 'renewBeforeExpiryMs'],
  errorFields: meteringErrorFields,
  // Sessions are disposable and every event carries an identifier, so a repeated POST is
  // harmless: POSTs are retried, each with one Idempotency-Key for all its attempts.
  idempotencyKeys: true,
  environment: {
    baseUrl: 'CLIENTKIT_METERING_BASE_URL',
    credentialOptions: ['apiKey'],
    credentials: [{ option: 'apiKey', variables: { apiKey: 'CLIENTKIT_METERING_API_KEY' } }],
    credentialsRequired: true,
  },
  // Every API key is long-lived, whether given as it is or by a function.
  browserSecret: () => 'its API key',
};

const MeteringChecks = z.object({
  serviceVersion: z.optional(ServiceVersion),
  renewBeforeExpiryMs: z.optional(integer(0)),
});

/** Reads `code` (or, without one, `type`) and `message` from `{ error: { type, code?, message } }`. */
function meteringErrorFields(body: unknown) {
  const error = (body as { error?: { type?: unknown; code?: unknown; message?: unknown } } | null)
    ?.error;
  if (!error || typeof error !== 'object') return undefined;
  const code = typeof error.code === 'string' ? error.code : error.type;
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof error.message === 'string' ? error.message : undefined,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The options with `Service-Version` first among the headers, so that every request carries it and
 * a header the caller names the same way wins. Options the skeleton will refuse are left as given,
 * so that it names them.
 */
function withServiceVersion(options: unknown): unknown {
  if (!isObject(options)) return options;
  const { serviceVersion = DEFAULT_SERVICE_VERSION, headers } = options;
  if (typeof serviceVersion !== 'string' || (headers !== undefined && !isObject(headers))) {
    return options;
  }
  return { ...options, headers: { 'service-version': serviceVersion, ...headers } };
}

function apiKeyAuth(options: GivenOptions, subject: string): Auth {
  return bearerAuth(secretOption(options.apiKey, 'apiKey', subject));
}

/**
 * A client of the usage-metering interface: sessions, events sent in batches, and a lossless
 * high-throughput stream. It creates, caches and renews the stream session itself.
 *
 * @example
 * const metering = new MeteringClient({ baseUrl: 'http://127.0.0.1:4010', apiKey: 'sk_test_clientkit_dev_key' });
 * // or, with CLIENTKIT_BASE_URL and CLIENTKIT_METERING_API_KEY set: new MeteringClient()
 * await metering.events.send([{ event_name: 'api_call', payload: { stripe_customer_id: 'cus_1', value: '1' } }]);
 */
export class MeteringClient extends ClientBase<typeof metering, MeteringClientOptions> {
  /** Sessions (the raw call; the client manages the one it sends events with). */
  readonly sessions: Sessions;
  /** Events, sent in one request of up to 100. */
  readonly events: Events;
  readonly #session: MeteringSession;

  /**
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when an
   * option, or a variable read for one, is refused or missing.
   */
  constructor(options: MeteringClientOptions = {}) {
    super(definition, options, apiKeyAuth, withServiceVersion(options));
    const given = this.core.options;
    const checked = validateInput(MeteringChecks, given, SUBJECT);
    // The API key goes to `baseUrl` only; the stream is reached with the session's token.
    const streamUrl =
      given.streamBaseUrl === undefined
        ? undefined
        : serviceUrl(given.streamBaseUrl, metering.base, SUBJECT, 'streamBaseUrl');
    this.sessions = new Sessions(this.core);
    const share = this.core.shareToken;
    this.#session = sessionProvider(
      this.sessions,
      checked.renewBeforeExpiryMs ?? DEFAULT_RENEW_BEFORE_EXPIRY_MS,
      share && {
        share,
        url: serviceUrl(given.baseUrl, metering.base, SUBJECT),
        apiKey: given.apiKey as SecretSource,
      },
    );
    const sessionAuth = bearerAuth(this.#session.provider, { renewWhen: isSessionExpiredError });
    // On Node the events travel over node:http (see node-wire.ts), unless the application gave a
    // fetch or hooks, which only ky's path honours: core decides that call by call.
    this.events = new Events(this.core, {
      url: streamUrl,
      auth: sessionAuth,
      sender: nodeSenderIfNode(),
    });
  }

  /**
   * How many sessions the client has created for its own use (the raw `sessions.create()` calls
   * excluded); with a `coordination`, not those it took from another process of its fleet.
   */
  get sessionsCreated(): number {
    return this.#session.created();
  }

  /**
   * A buffered stream that sends events in batches, several requests at a time, retrying failures
   * with the same identifiers, and never dropping an event without telling you: a failure of the
   * whole stream (a refused key, an outage) is reported once, with every event it held.
   *
   * @example
   * const stream = metering.createStream({ batchSize: 100, concurrency: 8, onBatchError: (error, events) => keep(events) });
   * stream.push({ event_name: 'api_call', payload: { stripe_customer_id: 'cus_1', value: '1' } });
   * await stream.close();
   * stream.stats; // { accepted, sent, retried, failed, refused, buffered, sessionsCreated }
   *
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when an option
   * is refused (a `batchSize` over the interface's limit, a `concurrency` below 1...).
   */
  createStream(options?: MeterEventStreamOptions): MeterEventStream {
    return new MeterEventStream(this.events, () => this.sessionsCreated, options);
  }
}
