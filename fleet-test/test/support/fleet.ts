/**
 * A fleet of real Node processes (`processes/fleet-process.mjs`), each with one client and a
 * coordination on one Redis, driven line by line from the test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { within } from '../../../test-support/within';

const PROGRAM = fileURLToPath(new URL('../../processes/fleet-process.mjs', import.meta.url));
/** Starting Node with the clients on a busy machine takes seconds; 60 s is far beyond it. */
const START_LIMIT_MS = 60_000;

export interface FleetSettings {
  kind: 'docs' | 'idm' | 'metering';
  baseUrl: string;
  redisUrl: string;
  /** The Redis command timeout (default 100 ms; see `startFleet`). */
  commandTimeoutMs?: number;
  throttle?: { concurrency?: number; requestsPerSecond?: number };
  logLevel?: 'debug' | 'info' | 'warn';
  idm?: { clientId: string; clientSecret: string; audience: string };
  apiKey?: string;
}

/** What a process answers once its calls are over. */
export interface Done {
  event: 'done';
  ok: number;
  failed: string[];
  token?: string;
  sessionsCreated?: number;
}

export interface LogLine {
  event: 'log';
  level: string;
  message: string;
}

/** One process of the fleet. */
export interface FleetProcess {
  /** Makes `count` calls at once; resolves with what they came to. */
  calls(count: number): Promise<Done>;
  /** Calls one after another until `stop()`. */
  loop(): void;
  stop(): Promise<Done>;
  /** Every line the client logged so far. */
  readonly logs: LogLine[];
  /** Resolves once a logged line matches. */
  logged(pattern: RegExp, what: string, limitMs?: number): Promise<LogLine>;
  /** Ends its input: it closes its coordination and exits. */
  exit(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** The warnings the processes logged: none while Redis answers, so none fell back to going alone. */
export function warningsOf(processes: FleetProcess[]): string[] {
  return processes.flatMap((process) =>
    process.logs.filter((line) => line.level === 'warn').map((line) => line.message),
  );
}

/**
 * Starts `count` processes with these settings; resolves once every one is ready. The tests check
 * the rules of a fleet, not how fast Redis answers: on a machine as busy as eight processes make
 * it, a command can wait over 100 ms for its process's turn, and the process would then go on
 * alone, as it should. So unless the test says otherwise, a command may take a second.
 */
export async function startFleet(count: number, settings: FleetSettings): Promise<FleetProcess[]> {
  const given = { commandTimeoutMs: 1_000, ...settings };
  return Promise.all(Array.from({ length: count }, () => startProcess(given)));
}

async function startProcess(settings: FleetSettings): Promise<FleetProcess> {
  const child = spawn(process.execPath, [PROGRAM, JSON.stringify(settings)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  const logs: LogLine[] = [];
  const listeners = new Set<() => void>();
  const answers: Done[] = [];
  let ready = false;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const message = JSON.parse(line) as Done | LogLine | { event: 'ready' };
    if (message.event === 'ready') ready = true;
    else if (message.event === 'log') logs.push(message);
    else answers.push(message);
    for (const listener of listeners) listener();
  });
  const until = <T>(found: () => T | undefined, what: string, limitMs: number) =>
    within(
      limitMs,
      what,
      new Promise<T>((resolve, reject) => {
        const check = () => {
          const value = found();
          if (value === undefined) return;
          listeners.delete(check);
          resolve(value);
        };
        listeners.add(check);
        exited.then(() => reject(new Error(`${what}: the process exited first`)));
        check();
      }),
    );
  const send = (command: object) => child.stdin!.write(`${JSON.stringify(command)}\n`);
  const nextAnswer = (what: string) => until(() => answers.shift(), what, START_LIMIT_MS);

  await until(() => (ready ? true : undefined), 'the process started', START_LIMIT_MS);
  return {
    calls(count) {
      send({ do: 'calls', count });
      return nextAnswer(`${count} calls ended`);
    },
    loop: () => send({ do: 'loop' }),
    stop() {
      send({ do: 'stop' });
      return nextAnswer('the loop stopped');
    },
    logs,
    logged: (pattern, what, limitMs = START_LIMIT_MS) =>
      until(() => logs.find((line) => pattern.test(line.message)), what, limitMs),
    async exit() {
      child.stdin!.end();
      await within(START_LIMIT_MS, 'the process exited', exited);
    },
  };
}
