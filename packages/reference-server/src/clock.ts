/** A length of time: milliseconds, or text such as `500ms`, `30s`, `15m`, `2h`, `7d`. */
export type Duration = number | string;

const unitMs: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds in `duration`; throws a RangeError that quotes the text it could not read. */
export function parseDuration(duration: Duration): number {
  if (typeof duration === 'number' && Number.isFinite(duration)) return duration;
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*$/.exec(String(duration));
  if (!match)
    throw new RangeError(`"${duration}" is not a duration such as 500ms, 30s, 15m, 2h or 7d`);
  return Number(match[1]) * unitMs[match[2] as string]!;
}

/**
 * The one source of time of the reference server. It follows real time from a start offset, or
 * stands still when frozen; either way tests can move it forward, and tasks scheduled on it run when
 * it reaches their time, whether by waiting or by `advance`.
 */
export interface Clock {
  /** Milliseconds since the epoch, on this clock. */
  now(): number;
  /** The current time on this clock as a Date. */
  date(): Date;
  /** Moves the clock forward and runs every task that has become due. */
  advance(by: Duration): Promise<void>;
  /** Moves the clock to a moment (forward or back) and runs every task that has become due. */
  set(to: Date | number | string): Promise<void>;
  /** Runs `task` once the clock reaches `at`; returns a function that cancels it. */
  schedule(at: number, task: () => void | Promise<void>): () => void;
  /** Resolves when every task that is due has finished (for tests that move the clock). */
  settle(): Promise<void>;
  /** Stops the timer behind scheduled tasks. */
  close(): void;
}

/** Options of `createClock`. */
export interface ClockOptions {
  /** The time the clock shows when it is created (default: real time). */
  start?: Date | number | string;
  /** Keep the clock still; it moves only through `advance` and `set`. */
  frozen?: boolean;
}

interface Task {
  at: number;
  run: () => void | Promise<void>;
  cancelled: boolean;
}

/**
 * Creates a clock: real time from `start` (default now), or frozen at `start` when `frozen` is set.
 *
 * @example
 * const clock = createClock({ start: '2026-06-01T00:00:00Z', frozen: true });
 * const server = await createReferenceServer({ clock });
 * await clock.advance('15m'); // sessions, tokens and retries that fall due in between run now
 */
export function createClock(options: ClockOptions = {}): Clock {
  const startedReal = Date.now();
  const start = options.start === undefined ? startedReal : new Date(options.start).getTime();
  let frozenAt: number | undefined = options.frozen ? start : undefined;
  let offset = options.frozen ? 0 : start - startedReal;
  const tasks: Task[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();

  const now = () => (frozenAt ?? Date.now()) + offset;

  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const next = tasks[0];
    if (!next || frozenAt !== undefined) return;
    const delay = Math.min(Math.max(0, next.at - now()), 2_147_483_647);
    timer = setTimeout(() => void runDue(), delay);
    timer.unref?.();
  };

  const runDue = (): Promise<void> => {
    running = running.then(async () => {
      while (tasks[0] && tasks[0].at <= now()) {
        const task = tasks.shift()!;
        if (task.cancelled) continue;
        try {
          await task.run();
        } catch (error) {
          console.error('[reference-server] a scheduled task failed', error);
        }
      }
      arm();
    });
    return running;
  };

  return {
    now,
    date: () => new Date(now()),
    async advance(by) {
      offset += parseDuration(by);
      await runDue();
    },
    async set(to) {
      offset += new Date(to).getTime() - now();
      await runDue();
    },
    schedule(at, run) {
      const task: Task = { at, run, cancelled: false };
      const index = tasks.findIndex((other) => other.at > at);
      tasks.splice(index === -1 ? tasks.length : index, 0, task);
      if (tasks[0] === task) arm();
      return () => {
        task.cancelled = true;
      };
    },
    settle: () => runDue(),
    close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      frozenAt ??= Date.now();
    },
  };
}
