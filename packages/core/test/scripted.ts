/**
 * A fetch that plays a script, one step per attempt, and a fake clock to run it on: the waits
 * between attempts are read off the fake clock, so a test of a 30 s wait takes no real time.
 */
import { vi } from 'vitest';

/** One attempt's outcome: an answer, or a thrown error (a connection failure). */
export type Step = () => Response;

/** What a scripted fetch saw of one attempt. */
export interface Attempt {
  method: string;
  url: string;
  headers: Headers;
  body: string;
  /** The fake clock when the attempt was made, in ms. */
  at: number;
}

/** An answer with a JSON body. */
export const answer =
  (status: number, headers: Record<string, string> = {}, body: unknown = {}): Step =>
  () =>
    new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

/** An attempt whose `fetch` rejects with `error()`, as a runtime reports a connection failure. */
export const failure =
  (error: () => unknown): Step =>
  () => {
    throw error();
  };

/**
 * undici's rejection when no connection could be made: a `TypeError('fetch failed')` whose cause
 * carries the system or undici code.
 */
export function undiciFailure(code: string): TypeError {
  return new TypeError('fetch failed', {
    cause: Object.assign(new Error(`connect ${code} 127.0.0.1:1`), { code }),
  });
}

/** Plays `script` in order (its last step repeats) and records every attempt. */
export function scriptedFetch(script: Step[]) {
  const attempts: Attempt[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    attempts.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: await request.text(),
      at: Date.now(),
    });
    const step = script[Math.min(attempts.length, script.length) - 1];
    if (!step) throw new Error('scriptedFetch: empty script');
    // A fetch answer says where it came from; a Response built by hand does not.
    return Object.defineProperty(step(), 'url', { value: request.url });
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    attempts,
    /** The wait before each retry, in ms of the fake clock. */
    waits: () => attempts.slice(1).map((attempt, index) => attempt.at - attempts[index]!.at),
  };
}

/**
 * Runs `run` on fake timers and a fake `Date`, firing every timer as soon as nothing else is left
 * to do, with `Math.random` at 1 so that the backoff's jitter takes off exactly 25 %. Settles as
 * `run` does.
 */
export async function onFakeClock<T>(run: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.spyOn(Math, 'random').mockReturnValue(1);
  try {
    let settled = false;
    const running = run().finally(() => {
      settled = true;
    });
    running.catch(() => {});
    while (!settled) {
      await vi.runAllTimersAsync();
      await new Promise((resolve) => setImmediate(resolve));
    }
    return await running;
  } finally {
    vi.useRealTimers();
    vi.restoreAllMocks();
  }
}
