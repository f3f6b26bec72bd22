import { type MeterEventSession, SESSION_LIFETIME_MS } from './schemas';

/** Options of `SessionManager`. */
export interface SessionManagerOptions {
  /** Creates a new session (the raw `sessions.create()` call). */
  createSession: () => PromiseLike<MeterEventSession>;
  /** Renew this long before the session expires, so that no request carries a token about to lapse. */
  renewBeforeExpiryMs: number;
}

interface CachedSession {
  token: string;
  /** Local time (ms) from which the session counts as too close to its expiry to use. */
  renewAt: number;
}

/**
 * Holds the session whose token authenticates the event stream, creating one when needed.
 *
 * Expiry is reckoned on the local clock, as the session's lifetime (`expires_at - created`) counted
 * from the moment the request for it was sent: the service's clock may differ from ours, and the
 * lifetime read this way can only err on the early side. Concurrent callers that find no usable
 * session share one creation request, and so do concurrent callers that were told their token expired.
 */
export class SessionManager {
  readonly #createSession: () => PromiseLike<MeterEventSession>;
  readonly #renewBeforeExpiryMs: number;
  #current: CachedSession | undefined;
  #creating: Promise<CachedSession> | undefined;
  #created = 0;

  constructor(options: SessionManagerOptions) {
    this.#createSession = options.createSession;
    this.#renewBeforeExpiryMs = options.renewBeforeExpiryMs;
  }

  /** How many sessions this manager has created. */
  get sessionsCreated(): number {
    return this.#created;
  }

  /** A token to send now: the cached session's, or a new session's once the cached one is near expiry. */
  token(): Promise<string> {
    const current = this.#current;
    if (current && Date.now() < current.renewAt) return Promise.resolve(current.token);
    return this.#renew().then((session) => session.token);
  }

  /**
   * Called when a request that carried `token` was refused because its session expired. Renews the
   * session, unless another caller already replaced that token; either way resolves once a newer
   * session is in place.
   */
  async renewAfterExpiry(token: string): Promise<void> {
    if (this.#current && this.#current.token !== token) return;
    this.#current = undefined;
    await this.#renew();
  }

  #renew(): Promise<CachedSession> {
    this.#creating ??= this.#create().finally(() => {
      this.#creating = undefined;
    });
    return this.#creating;
  }

  async #create(): Promise<CachedSession> {
    const requestedAt = Date.now();
    const session = await this.#createSession();
    this.#created += 1;
    const reported = Date.parse(session.expires_at) - Date.parse(session.created);
    const lifetime = Number.isFinite(reported) && reported > 0 ? reported : SESSION_LIFETIME_MS;
    // A margin longer than half the lifetime would renew on almost every request.
    const margin = Math.min(this.#renewBeforeExpiryMs, lifetime / 2);
    this.#current = {
      token: session.authentication_token,
      renewAt: requestedAt + lifetime - margin,
    };
    return this.#current;
  }
}
