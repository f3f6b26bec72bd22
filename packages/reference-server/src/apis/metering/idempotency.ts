import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../../clock';
import { meteringProblem } from './errors';

/** How long a key's first answer is replayed. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;
/** The longest key accepted, as the real service allows. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** The first answer to a key, or the mark of a request with that key still being handled. */
interface Remembered {
  /** Digest of the method, path and body the key was first used with. */
  request: string;
  storedAt: number;
  answer?: { status: number; body: string; headers: [string, string][] };
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Headers a replay repeats: the ones that describe the answer, not the delivery. */
const replayedHeaders = ['content-type', 'service-version'];

/**
 * Remembers the answers to POSTs sent with an `Idempotency-Key`, for 24 hours on the server clock,
 * separately for each credential (a key is the caller's own). Only answers from requests that ran
 * (2xx) are kept: a refused request may be retried with the same key and run then.
 */
export class IdempotencyStore {
  readonly #clock: Clock;
  /** Oldest first, so that pruning stops at the first entry still within the window. */
  readonly #entries = new Map<string, Remembered>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }

  /** The entry of a key, once entries older than the window are forgotten. */
  find(scopedKey: string): Remembered | undefined {
    this.#prune();
    return this.#entries.get(scopedKey);
  }

  /** Marks a key as taken by a request that is being handled. */
  begin(scopedKey: string, request: string): void {
    this.#entries.set(scopedKey, { request, storedAt: this.#clock.now() });
  }

  /** Keeps the answer of a request that ran, or frees the key of one that did not. */
  finish(scopedKey: string, answer: Remembered['answer'] | undefined): void {
    const entry = this.#entries.get(scopedKey);
    if (!entry) return;
    if (answer === undefined) this.#entries.delete(scopedKey);
    else entry.answer = answer;
  }

  #prune(): void {
    const now = this.#clock.now();
    for (const [key, entry] of this.#entries) {
      if (now - entry.storedAt < IDEMPOTENCY_WINDOW_MS) return;
      this.#entries.delete(key);
    }
  }
}

function checkKey(key: string): void {
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw meteringProblem(
      400,
      'invalid_request_error',
      `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
      { code: 'idempotency_key_invalid' },
    );
  }
}

/**
 * Honours `Idempotency-Key` on POST: the same key with the same request within 24 hours answers the
 * first answer again (status and body, with `Idempotent-Replayed: true`); the same key with another
 * body is a 400 `idempotency_error`; while the first request is still being handled, 409.
 */
export function idempotency(store: IdempotencyStore): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (c.req.method !== 'POST' || key === undefined) return next();
    checkKey(key);
    const credential = digest(c.req.header('authorization') ?? '');
    const scopedKey = `${credential}:${key}`;
    // The body's bytes, not its text: reading it as text first would have the route's JSON read
    // the text re-encoded, U+FFFD in place of bytes that are not UTF-8 (which are refused with 400).
    const body = new Uint8Array(await c.req.arrayBuffer());
    const request = createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n`)
      .update(body)
      .digest('base64url');
    const seen = store.find(scopedKey);
    if (seen && seen.request !== request) {
      throw meteringProblem(
        400,
        'idempotency_error',
        'This Idempotency-Key was already used with another request; use a new key for a new request',
        { code: 'idempotency_key_reused' },
      );
    }
    if (seen && !seen.answer) {
      throw meteringProblem(
        409,
        'idempotency_error',
        'A request with this Idempotency-Key is still being handled; retry once it has finished',
        { code: 'idempotency_key_in_use' },
      );
    }
    if (seen?.answer) {
      const headers = new Headers(seen.answer.headers);
      headers.set('idempotent-replayed', 'true');
      return new Response(seen.answer.body, { status: seen.answer.status, headers });
    }
    store.begin(scopedKey, request);
    try {
      await next();
    } catch (error) {
      store.finish(scopedKey, undefined);
      throw error;
    }
    store.finish(scopedKey, await answerToKeep(c.res));
  };
}

async function answerToKeep(response: Response | undefined) {
  if (!response || response.status < 200 || response.status >= 300) return undefined;
  const headers = replayedHeaders.flatMap((name): [string, string][] => {
    const value = response.headers.get(name);
    return value === null ? [] : [[name, value]];
  });
  return { status: response.status, body: await response.clone().text(), headers };
}
