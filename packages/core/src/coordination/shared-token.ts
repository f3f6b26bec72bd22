import type { IssuedToken } from '../response/issued-token';
import { identityTag, keyOf } from './keys';
import { type Sealer, sealer } from './sealing';
import type { CoordinationStore } from './store';
import { delay, pollingDelayMs } from './wait';

/** Options of `sharedToken`. */
export interface SharedTokenOptions {
  /** Names the credential and what the token is for (token URL, client id, audience), never its secret. */
  identity: readonly string[];
  /** The credential's secret (client secret, API key): the stored token is sealed with a key derived from it. */
  secret: string;
  /** Obtains a new token; one process of the fleet calls it at a time. */
  exchange: () => Promise<IssuedToken>;
  /** The token a 401 refused: it is replaced only if it is still the shared one. */
  refused?: string;
  /**
   * How long the process that exchanges may take before another one may, in ms (default 10 s):
   * a process that dies while exchanging holds the others back this long at most.
   */
  leaseMs?: number;
  /** The shared token is replaced this long before it expires (default 60 s, at most half its lifetime). */
  renewBeforeExpiryMs?: number;
  /**
   * The longest this process waits for another one's exchange, in ms (default: the lease):
   * then it exchanges too, without the lease.
   */
  maxWaitMs?: number | undefined;
  /** Ends the wait for another process's exchange. */
  signal?: AbortSignal;
}

const DEFAULT_LEASE_MS = 10_000;
const DEFAULT_RENEW_BEFORE_EXPIRY_MS = 60_000;
/** A token that reports no lifetime is shared this long at most, so that the store forgets it. */
const LONGEST_SHARED_MS = 24 * 60 * 60 * 1000;

/** What the store holds, sealed: the token, and when it expires (epoch ms) if its issuer said. */
interface StoredToken {
  token: string;
  expiresAt?: number;
}

/**
 * A token shared by the processes that use one credential: a valid shared token is used as it is;
 * when there is none, one process exchanges under a lease while the others wait for its result,
 * and a holder that dies holds them back for the lease at most (a process that may wait no longer
 * than `maxWaitMs` exchanges by then). After a 401, pass the refused
 * token as `refused`: it is dropped only if it is still the shared one (compare and delete), so a
 * fleet refused at once makes one new exchange. The token is stored sealed (see `sealer`).
 * Clients call it from their token provider's fetch, which already shares one call within a process.
 */
export async function sharedToken(
  coordination: CoordinationStore,
  options: SharedTokenOptions,
): Promise<IssuedToken> {
  const tag = await identityTag(options.identity);
  const shared: TokenStore = {
    coordination,
    tokenKey: keyOf(tag, 'token'),
    leaseKey: keyOf(tag, 'token-lease'),
    seal: sealer(options.secret, tag),
    refused: options.refused,
  };
  if (options.refused !== undefined) await dropIfStill(shared, options.refused);
  const holder = crypto.randomUUID();
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const waitUntil = performance.now() + (options.maxWaitMs ?? Number.POSITIVE_INFINITY);
  for (let round = 0; ; round += 1) {
    const stored = await read(shared);
    if (stored !== undefined) return issued(stored);
    if (await coordination.setIfAbsent(shared.leaseKey, holder, leaseMs)) {
      return exchangeHolding(shared, holder, options);
    }
    const left = waitUntil - performance.now();
    if (left <= 0) return exchangeHolding(shared, undefined, options);
    await delay(Math.min(pollingDelayMs(round), left), options.signal);
  }
}

/** Where one credential's token lives, and how it is sealed. */
interface TokenStore {
  coordination: CoordinationStore;
  tokenKey: string;
  leaseKey: string;
  seal: Sealer;
  refused: string | undefined;
}

/** Exchanges and stores the token, then frees the lease if `holder` has it. */
async function exchangeHolding(
  shared: TokenStore,
  holder: string | undefined,
  options: SharedTokenOptions,
): Promise<IssuedToken> {
  try {
    // Another holder may have stored a token between this process's read and its lease.
    const stored = await read(shared);
    if (stored !== undefined) return issued(stored);
    const startedAt = Date.now();
    const token = await options.exchange();
    await write(shared, token, startedAt, options.renewBeforeExpiryMs);
    return token;
  } finally {
    if (holder !== undefined) await shared.coordination.deleteIf(shared.leaseKey, holder);
  }
}

/** The shared token, unless there is none, it cannot be opened, or it is the refused one. */
async function read(shared: TokenStore): Promise<StoredToken | undefined> {
  const sealed = await shared.coordination.get(shared.tokenKey);
  if (sealed === undefined) return undefined;
  const stored = await opened(shared, sealed);
  return stored?.token === shared.refused ? undefined : stored;
}

async function opened(shared: TokenStore, sealed: string): Promise<StoredToken | undefined> {
  const plain = await shared.seal.open(sealed, shared.tokenKey);
  if (plain === undefined) return undefined;
  const stored = JSON.parse(plain) as StoredToken;
  return typeof stored.token === 'string' ? stored : undefined;
}

/** Drops the shared token if it is still `refused`, leaving one that replaced it in place. */
async function dropIfStill(shared: TokenStore, refused: string): Promise<void> {
  const sealed = await shared.coordination.get(shared.tokenKey);
  if (sealed === undefined) return;
  if ((await opened(shared, sealed))?.token !== refused) return;
  await shared.coordination.deleteIf(shared.tokenKey, sealed);
}

/** Stores `token` until shortly before it expires; one too close to expiry is not stored. */
async function write(
  shared: TokenStore,
  token: IssuedToken,
  startedAt: number,
  renewBeforeExpiryMs = DEFAULT_RENEW_BEFORE_EXPIRY_MS,
): Promise<void> {
  const expiresAt = expiryOf(token, startedAt);
  const margin = Math.min(renewBeforeExpiryMs, (expiresAt - startedAt) / 2);
  const ttlMs = Math.min(expiresAt - margin - Date.now(), LONGEST_SHARED_MS);
  if (!(ttlMs >= 1)) return;
  const stored: StoredToken = Number.isFinite(expiresAt)
    ? { token: token.token, expiresAt }
    : { token: token.token };
  const sealed = await shared.seal.seal(JSON.stringify(stored), shared.tokenKey);
  await shared.coordination.set(shared.tokenKey, sealed, Math.floor(ttlMs));
}

function issued(stored: StoredToken): IssuedToken {
  return stored.expiresAt === undefined
    ? { token: stored.token }
    : { token: stored.token, expiresAt: stored.expiresAt };
}

/** When an issued token expires (epoch ms), counted from the moment its exchange started. */
function expiryOf(token: IssuedToken, startedAt: number): number {
  if (token.expiresAt !== undefined) return Number(token.expiresAt);
  if (token.expiresIn !== undefined) return startedAt + token.expiresIn * 1000;
  return Number.POSITIVE_INFINITY;
}
