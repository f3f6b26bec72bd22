/**
 * How long a stalled exchange is held at most when neither the client nor `server.close()` ends
 * it, so that a client without a timeout does not hold a connection forever.
 */
export const STALL_CAP_MS = 10 * 60_000;

/**
 * The waits injected faults start: a latency before the request goes on, a stalled answer held
 * open. Each ends at its own time (the latency's length, the stall's cap), when its client goes
 * away, or when the server closes (`close`), so that closing the server leaves no timer behind.
 */
export interface FaultWaits {
  /**
   * Waits `ms` of real time. Resolves true when the time passed, false when `signal` aborted or
   * the server closed first.
   */
  delay(ms: number, signal: AbortSignal): Promise<boolean>;
  /**
   * Holds a stalled exchange open until `close` or the cap calls `end`. The function returned lets
   * the exchange go without calling `end` (its client went away first).
   */
  hold(end: () => void): () => void;
  /**
   * Ends every wait, and from then on every wait as it starts: the server is closing, and a request
   * still on its way to a fault must not start a timer after it.
   */
  close(): void;
  /** How many waits are open now. */
  readonly open: number;
}

/** The register of a server's fault waits; `stallCapMs` is only shortened by tests. */
export function createFaultWaits(stallCapMs = STALL_CAP_MS): FaultWaits {
  const open = new Set<() => void>();
  let closed = false;

  /**
   * Starts a wait that ends after `ms` (`onEnd(true)`) or at `close` (`onEnd(false)`, at once when
   * the register is closed); the function returned drops it without calling `onEnd`. A timer that
   * `keepsProcess` holds the process open until it fires, as a pending request would.
   */
  const start = (ms: number, keepsProcess: boolean, onEnd: (timeUp: boolean) => void) => {
    if (closed) {
      onEnd(false);
      return () => undefined;
    }
    const finish = (timeUp: boolean) => {
      if (!open.delete(endEarly)) return;
      clearTimeout(timer);
      onEnd(timeUp);
    };
    const endEarly = () => finish(false);
    const timer = setTimeout(() => finish(true), ms);
    if (!keepsProcess) timer.unref();
    open.add(endEarly);
    return () => {
      if (open.delete(endEarly)) clearTimeout(timer);
    };
  };

  return {
    delay(ms, signal) {
      if (signal.aborted) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const onAbort = () => {
          drop();
          resolve(false);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        const drop = start(ms, true, (timeUp) => {
          signal.removeEventListener('abort', onAbort);
          resolve(timeUp);
        });
      });
    },
    // The cap only bounds a stall whose client never leaves: it does not keep the process alive.
    hold: (end) => start(stallCapMs, false, () => end()),
    close() {
      closed = true;
      for (const endEarly of [...open]) endEarly();
    },
    get open() {
      return open.size;
    },
  };
}
