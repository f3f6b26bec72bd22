import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { Clock } from '../../clock';
import { ApiProblem } from '../../problem';
import type { StoredUser } from './state';

/** How long a REST nonce stays valid on the server clock (WordPress: a day). */
export const NONCE_LIFETIME_MS = 24 * 3_600_000;

/** Who is asking: nobody, or a user whose role says whether they may write. */
export interface Viewer {
  user: StoredUser | undefined;
  /** Editors and administrators: they write, and they see records in every status. */
  canEdit: boolean;
}

export const ANONYMOUS: Viewer = { user: undefined, canEdit: false };

function viewerFor(user: StoredUser): Viewer {
  return { user, canEdit: user.role === 'editor' || user.role === 'administrator' };
}

/** WordPress ignores the spaces it shows in application passwords. */
function normalised(password: string): string {
  return password.replace(/[^a-z0-9]/gi, '');
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Application passwords and REST nonces: who a request speaks for. */
export class CalendarAuth {
  readonly #users: () => StoredUser[];
  readonly #clock: Clock;
  readonly #nonces = new Map<string, { userId: number; expiresAt: number }>();

  constructor(users: () => StoredUser[], clock: Clock) {
    this.#users = users;
    this.#clock = clock;
  }

  /** A nonce for `login`, valid for a day on the server clock. */
  mintNonce(login: string): { nonce: string; user: string; expiresAt: string } {
    const user = this.#users().find((candidate) => candidate.login === login);
    if (!user) throw new RangeError(`no calendar user is called "${login}"`);
    const nonce = randomBytes(5).toString('hex');
    const expiresAt = this.#clock.now() + NONCE_LIFETIME_MS;
    this.#nonces.set(nonce, { userId: user.id, expiresAt });
    return { nonce, user: user.login, expiresAt: new Date(expiresAt).toISOString() };
  }

  /** Forgets every nonce (on reset). */
  clearNonces(): void {
    this.#nonces.clear();
  }

  /**
   * The viewer of a request. Credentials that are present but wrong are refused even on public
   * reads, so that a misconfigured client learns at once: 401 for Basic, 403 for a nonce.
   */
  viewerOf(c: Context): Viewer {
    const authorization = c.req.header('authorization');
    if (authorization && /^basic\s/i.test(authorization)) return this.#basic(authorization);
    const nonce = c.req.header('x-wp-nonce');
    if (nonce !== undefined) return this.#nonce(nonce);
    return ANONYMOUS;
  }

  #basic(header: string): Viewer {
    const decoded = Buffer.from(header.replace(/^basic\s+/i, ''), 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    const login = separator === -1 ? decoded : decoded.slice(0, separator);
    const password = separator === -1 ? '' : decoded.slice(separator + 1);
    const user = this.#users().find((candidate) => candidate.login === login);
    if (!user) {
      throw new ApiProblem(401, `No calendar user is called "${login}"`, 'invalid_username');
    }
    const expected = user.application_password;
    if (!expected || !sameSecret(normalised(password), normalised(expected))) {
      throw new ApiProblem(
        401,
        `The application password for "${login}" is not correct`,
        'incorrect_password',
      );
    }
    return viewerFor(user);
  }

  #nonce(nonce: string): Viewer {
    const entry = this.#nonces.get(nonce);
    const user = entry && this.#users().find((candidate) => candidate.id === entry.userId);
    if (!entry || !user || this.#clock.now() >= entry.expiresAt) {
      throw new ApiProblem(
        403,
        'The nonce is not valid or has expired',
        'rest_cookie_invalid_nonce',
      );
    }
    return viewerFor(user);
  }
}

/** Writes need an editor: 401 `rest_forbidden` without a user, 403 for a user who may only read. */
export function requireEditor(viewer: Viewer): void {
  if (!viewer.user) {
    throw new ApiProblem(401, 'You must be logged in to change the calendar', 'rest_forbidden');
  }
  if (!viewer.canEdit) {
    throw new ApiProblem(
      403,
      `User "${viewer.user.login}" (${viewer.user.role}) may not change the calendar`,
      'rest_forbidden',
    );
  }
}
