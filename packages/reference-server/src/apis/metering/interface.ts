import { randomBytes } from 'node:crypto';
import { tooLargeMessage } from '../../body-limit';
import { DEV_LIVE_KEY, DEV_TEST_KEY } from '../../development-credentials';
import type { InterfaceModule, ServerContext } from '../../interface';
import { SecretMap } from '../../secret-map';
import { meteringAdminTable } from './admin';
import type { MeteringControl } from './control';

export type { MeteringControl };

import { meteringProblem, renderMeteringError } from './errors';
import { IdempotencyStore } from './idempotency';
import { MeteringLedger } from './ledger';
import { FixedWindowLimiter, type MeteringRateLimit } from './rate-limit';
import { METERING_BASE, METERING_OPENAPI_PATH, meteringRoutes } from './routes';
import { API_KEY_PATTERN, type MeteringSeed, meteringSeed } from './seed';
import { SessionRegistry } from './sessions';

export type { CountedEvent, MeteringErrorReportEntry } from './ledger';
export type { MeteringRateLimit } from './rate-limit';
export type { MeteringSeed } from './seed';

/** Options of the metering interface. */
export interface MeteringOptions {
  /** Limit stream requests to `requests` per `perMs` on the server clock (429 with Retry-After beyond). */
  rateLimit?: MeteringRateLimit;
  /**
   * The most `Idempotency-Key` answers remembered at once (default 100,000, about 830 bytes each);
   * past it the oldest are forgotten first, before their 24 hours are over.
   */
  idempotencyKeyLimit?: number;
}

function checkSeed(data: unknown): MeteringSeed {
  const keys = (data as Partial<MeteringSeed> | undefined)?.apiKeys;
  if (keys === undefined) return meteringSeed();
  if (!Array.isArray(keys) || !keys.every((key) => API_KEY_PATTERN.test(String(key)))) {
    throw new RangeError(
      'metering seed: apiKeys must be a list of sk_test_... or sk_live_... keys',
    );
  }
  return { apiKeys: [...keys] };
}

export function createMeteringInterface(
  context: ServerContext,
  options: MeteringOptions = {},
): { module: InterfaceModule; control: MeteringControl } {
  const apiKeys = new SecretMap(meteringSeed().apiKeys.map((key) => [key, true] as const));
  const sessions = new SessionRegistry(context.clock);
  const ledger = new MeteringLedger(context.clock);
  const limiter = new FixedWindowLimiter(context.clock, options.rateLimit);
  const idempotencyKeys = new IdempotencyStore(context.clock, options.idempotencyKeyLimit);

  const replaceState = (seed: MeteringSeed) => {
    apiKeys.clear();
    for (const key of seed.apiKeys) apiKeys.set(key, true);
    sessions.clear();
    ledger.clear();
    idempotencyKeys.clear();
    limiter.set(options.rateLimit);
  };

  const control: MeteringControl = {
    counted: () => ledger.counted(),
    lookup: (identifier) => ledger.lookup(identifier),
    errorReport: () => ledger.errorReport(),
    repeats: () => ledger.repeats,
    pendingEvents: () => ledger.pending,
    sessions: () => ({ created: sessions.created, active: sessions.active }),
    rateLimit: () => limiter.limit,
    setRateLimit: (limit) => limiter.set(limit),
    mintApiKey({ livemode = false } = {}) {
      const key = `sk_${livemode ? 'live' : 'test'}_${randomBytes(16).toString('hex')}`;
      apiKeys.set(key, true);
      return key;
    },
  };

  const module: InterfaceModule = {
    name: 'metering',
    prefixes: [METERING_BASE],
    openapiPath: METERING_OPENAPI_PATH,
    // A batch is at most 100 events, each a name, an identifier and a small payload of strings.
    bodyLimit: {
      maxBytes: 1024 * 1024,
      tooLarge: (maxBytes) =>
        meteringProblem(413, 'invalid_request_error', tooLargeMessage(maxBytes), {
          code: 'payload_too_large',
        }),
    },
    // The service names every answer's id in Request-Id.
    requestIdHeader: 'Request-Id',
    routes: meteringRoutes({ apiKeys, sessions, ledger, limiter, idempotencyKeys }),
    error: renderMeteringError,
    reset: () => replaceState(meteringSeed()),
    seed: (data) => replaceState(checkSeed(data)),
    // Never the API keys or session tokens.
    inspect: () => ({
      sessions: control.sessions(),
      counted: ledger.counted(),
      repeats: ledger.repeats,
      pendingEvents: ledger.pending,
      identifiersTracked: ledger.identifiersTracked,
      errorReport: ledger.errorReport(),
      rateLimit: limiter.limit ?? null,
      apiKeys: apiKeys.size,
      idempotencyKeys: idempotencyKeys.size,
    }),
    credentials: () => ({ 'test API key': DEV_TEST_KEY, 'live API key': DEV_LIVE_KEY }),
    admin: meteringAdminTable(control),
  };
  return { module, control };
}
