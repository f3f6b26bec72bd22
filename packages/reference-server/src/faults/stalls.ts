/**
 * How long a stalled exchange is held at most when neither the client nor `server.close()` ends
 * it, so that a client without a timeout does not hold a connection forever.
 */
export const STALL_CAP_MS = 10 * 60_000;

/** The stalled exchanges still open, each ended by its client, by `endAll`, or by the cap. */
export interface Stalls {
  /**
   * Holds an exchange open until `endAll` or the cap calls `end`. The function returned lets the
   * exchange go without calling `end` (the client went away first).
   */
  hold(end: () => void): () => void;
  /** Ends every stalled exchange (the server is closing). */
  endAll(): void;
  /** How many exchanges are stalled now. */
  readonly open: number;
}

/** The register of stalled exchanges; `capMs` is only shortened by tests. */
export function createStalls(capMs = STALL_CAP_MS): Stalls {
  const open = new Set<() => void>();
  return {
    hold(end) {
      const finish = () => {
        if (!open.delete(finish)) return;
        clearTimeout(timer);
        end();
      };
      const timer = setTimeout(finish, capMs);
      timer.unref();
      open.add(finish);
      return () => {
        if (open.delete(finish)) clearTimeout(timer);
      };
    },
    endAll() {
      for (const finish of [...open]) finish();
    },
    get open() {
      return open.size;
    },
  };
}
