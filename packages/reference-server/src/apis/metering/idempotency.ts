import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../../clock';
import { meteringProblem } from './errors';

/** How long a key's first answer is replayed. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;
/** The longest key accepted, as the real service allows. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/**
 * How many keys are remembered at most, by default. An entry costs about 830 bytes (a 36-character
 * key and the stream's `{}` answer; scripts/metering-memory.mjs measures it), so the default holds
 * the store near 83 MB however many keys a long test run sends within 24 hours.
 */
export const DEFAULT_IDEMPOTENCY_KEY_LIMIT = 100_000;

/** Checks the key limit option; throws a RangeError that says what is accepted. */
export function checkIdempotencyKeyLimit(limit: unknown): number {
  if (limit === undefined) return DEFAULT_IDEMPOTENCY_KEY_LIMIT;
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError(
      `metering.idempotencyKeyLimit must be a positive integer (default ${DEFAULT_IDEMPOTENCY_KEY_LIMIT}), not ${String(limit)}`,
    );
  }
  return limit;
}

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

/** A kept answer and its key, in the queue of kept answers. */
interface Kept {
  key: string;
  entry: Remembered;
}

/** How far the queue's read position may run before the items behind it are let go. */
const QUEUE_SLACK = 1024;

const isExpired = (entry: Remembered, now: number) => now - entry.storedAt >= IDEMPOTENCY_WINDOW_MS;

/**
 * Remembers the answers to POSTs sent with an `Idempotency-Key`, for 24 hours on the server clock,
 * separately for each credential (a key is the caller's own). Only answers from requests that ran
 * (2xx) are kept: a refused request may be retried with the same key and run then. At most `limit`
 * keys are held: past it the oldest answers are forgotten first, as the window would forget them.
 */
export class IdempotencyStore {
  readonly #clock: Clock;
  readonly #limit: number;
  /** Every key taken: those of requests being handled and those whose answer is kept. */
  readonly #entries = new Map<string, Remembered>();
  /**
   * The kept answers, oldest first, read from `#head`: forgetting the oldest costs the same however
   * many are held (walking the map from its start would step over every key deleted before). An
   * item whose key was forgotten or taken again since is skipped when it comes up; items behind
   * `#head` are cleared, and the array is cut once they are the larger part of it.
   */
  #kept: (Kept | undefined)[] = [];
  #head = 0;

  constructor(clock: Clock, limit?: number) {
    this.#clock = clock;
    this.#limit = checkIdempotencyKeyLimit(limit);
  }

  /** The most keys held at once. */
  get limit(): number {
    return this.#limit;
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#kept = [];
    this.#head = 0;
  }

  /** The entry of a key, once entries older than the window are forgotten. */
  find(scopedKey: string): Remembered | undefined {
    const now = this.#clock.now();
    this.#forgetExpired(now);
    const entry = this.#entries.get(scopedKey);
    if (!entry || !isExpired(entry, now)) return entry;
    this.#entries.delete(scopedKey);
    return undefined;
  }

  /** Marks a key as taken by a request that is being handled. */
  begin(scopedKey: string, request: string): void {
    this.#entries.set(scopedKey, { request, storedAt: this.#clock.now() });
  }

  /**
   * Keeps the answer of a request that ran, or frees the key of one that did not. Only a kept
   * answer makes room by evicting, so a refused request leaves every other key where it was.
   */
  finish(scopedKey: string, answer: Remembered['answer'] | undefined): void {
    const entry = this.#entries.get(scopedKey);
    if (!entry) return;
    if (answer === undefined) {
      this.#entries.delete(scopedKey);
      return;
    }
    entry.answer = answer;
    this.#kept.push({ key: scopedKey, entry });
    this.#evictBeyondLimit(entry);
  }

  /**
   * Forgets the oldest answers until no more than the limit are held. Keys whose request is still
   * being handled stay (forgetting one would let a repeat run alongside it), and so does the answer
   * just kept; both are few, bounded by the requests under way.
   */
  #evictBeyondLimit(justKept: Remembered): void {
    while (this.#entries.size > this.#limit) {
      const oldest = this.#oldest();
      if (!oldest || oldest.entry === justKept) return;
      this.#forgetOldest(oldest);
    }
  }

  #forgetExpired(now: number): void {
    for (let oldest = this.#oldest(); oldest && isExpired(oldest.entry, now); ) {
      this.#forgetOldest(oldest);
      oldest = this.#oldest();
    }
  }

  /** The oldest kept answer still held, skipping items that no longer stand for their key. */
  #oldest(): Kept | undefined {
    while (this.#head < this.#kept.length) {
      const item = this.#kept[this.#head]!;
      if (this.#entries.get(item.key) === item.entry) return item;
      this.#advance();
    }
    return undefined;
  }

  #forgetOldest(oldest: Kept): void {
    this.#entries.delete(oldest.key);
    this.#advance();
  }

  /** Moves past the oldest item, letting go of it at once so that it holds no memory. */
  #advance(): void {
    this.#kept[this.#head] = undefined;
    this.#head += 1;
    if (this.#head > QUEUE_SLACK && this.#head * 2 > this.#kept.length) {
      this.#kept = this.#kept.slice(this.#head);
      this.#head = 0;
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
