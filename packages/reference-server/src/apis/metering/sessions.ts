import { randomBytes } from 'node:crypto';
import { type MeterEventSession, SESSION_LIFETIME_MS } from '@clientkit/contracts/metering';
import type { Clock } from '../../clock';
import { SecretMap } from '../../secret-map';

interface StoredSession {
  id: string;
  livemode: boolean;
  expiresAt: number;
}

/** What a stream request's token turned out to be. */
export type TokenCheck =
  | { status: 'active'; livemode: boolean }
  | { status: 'expired' }
  | { status: 'unknown' };

/**
 * Sessions by token. Expired sessions are kept, so that their tokens get the "session expired"
 * answer that tells a client to create a new one, rather than "unknown token".
 */
export class SessionRegistry {
  readonly #clock: Clock;
  readonly #byToken = new SecretMap<StoredSession>();
  #created = 0;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Sessions created since the last reset. */
  get created(): number {
    return this.#created;
  }

  /** Sessions whose token is still accepted. */
  get active(): number {
    const now = this.#clock.now();
    let count = 0;
    for (const session of this.#byToken.values()) if (now < session.expiresAt) count += 1;
    return count;
  }

  /** A new session, kept once `keep()` is called: until then its token is not accepted. */
  open(livemode: boolean): { record: MeterEventSession; keep(): void } {
    const created = this.#clock.now();
    const session: StoredSession = {
      id: `mes_${randomBytes(12).toString('hex')}`,
      livemode,
      expiresAt: created + SESSION_LIFETIME_MS,
    };
    const token = `mest_${randomBytes(24).toString('base64url')}`;
    const record: MeterEventSession = {
      id: session.id,
      object: 'v2.billing.meter_event_session',
      authentication_token: token,
      created: new Date(created).toISOString(),
      expires_at: new Date(session.expiresAt).toISOString(),
      livemode,
    };
    const keep = () => {
      this.#byToken.set(token, session);
      this.#created += 1;
    };
    return { record, keep };
  }

  /** Whether the token belongs to a session, and whether that session is still valid on the server clock. */
  check(token: string): TokenCheck {
    const session = this.#byToken.get(token);
    if (!session) return { status: 'unknown' };
    if (this.#clock.now() >= session.expiresAt) return { status: 'expired' };
    return { status: 'active', livemode: session.livemode };
  }

  clear(): void {
    this.#byToken.clear();
    this.#created = 0;
  }
}
