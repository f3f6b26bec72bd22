import type { CannedFetch } from './canned-fetch';
import { cpuMs, median } from './stats';

/** One way of making a call, against its own canned fetch. */
export interface Contestant {
  /** `clientkit`, `bare ky`, `raw fetch`, or the official SDK's package name. */
  name: string;
  call: () => Promise<unknown>;
  canned: CannedFetch;
}

/** A contestant that could not be built (a package that does not load in this checkout). */
export interface Unavailable {
  name: string;
  unavailable: string;
}

/** One operation: the request every contestant must send, and who sends it. */
export interface CpuCase {
  operation: string;
  /** `METHOD /path` every contestant's request must have. */
  expect: string;
  contestants: (Contestant | Unavailable)[];
}

export interface CpuFigure {
  name: string;
  /** Median over rounds of CPU microseconds per call; undefined when unavailable or failed. */
  usPerCall?: number;
  /**
   * Median over rounds of this contestant's µs per call minus raw fetch's in the same round: drift
   * between rounds on a shared machine cancels out of the difference.
   */
  overRaw?: number;
  note?: string;
}

/** How much each contestant is called: warm-up calls, then `rounds` rounds of `calls` calls. */
export interface CpuOptions {
  calls: number;
  rounds: number;
  warmup: number;
}

export const isUnavailable = (c: Contestant | Unavailable): c is Unavailable => 'unavailable' in c;

/** Runs a call once and checks it reached its canned fetch with the expected request. */
async function check(contestant: Contestant, expect: string): Promise<string | undefined> {
  contestant.canned.reset();
  try {
    await contestant.call();
  } catch (error) {
    return `failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 80);
  }
  const seen = contestant.canned.seen;
  if (!seen.includes(expect)) return `sent ${seen.join(', ') || 'nothing'}, not ${expect}`;
  return undefined;
}

async function cpuPerCall(call: () => Promise<unknown>, calls: number): Promise<number> {
  const started = cpuMs();
  for (let i = 0; i < calls; i++) await call();
  return ((cpuMs() - started) * 1000) / calls;
}

/** Each contestant's call `calls` times, in turns of 50 so that all of them reach the JIT together. */
async function warmUp(contestants: Contestant[], calls: number): Promise<void> {
  for (let done = 0; done < calls; done += 50) {
    for (const contestant of contestants) {
      for (let i = done; i < Math.min(calls, done + 50); i++) await contestant.call();
    }
  }
}

/** Checks each contestant's request; the ones that pass, and a note for the others. */
async function runnable(cpuCase: CpuCase, figures: Map<string, CpuFigure>): Promise<Contestant[]> {
  const running: Contestant[] = [];
  for (const contestant of cpuCase.contestants) {
    if (isUnavailable(contestant)) {
      figures.set(contestant.name, { name: contestant.name, note: contestant.unavailable });
      continue;
    }
    const problem = await check(contestant, cpuCase.expect);
    if (problem) figures.set(contestant.name, { name: contestant.name, note: problem });
    else running.push(contestant);
  }
  return running;
}

/**
 * Calls every contestant of every case before any case is timed: the JIT sees all the shapes the
 * shared code (ky, undici, core) will meet, so the compilations and deoptimisations they cause
 * fall here rather than in the rounds of whichever case happens to come first.
 */
export async function warmUpCases(cases: CpuCase[], calls: number): Promise<void> {
  for (const cpuCase of cases) {
    await warmUp(await runnable(cpuCase, new Map()), calls);
  }
}

/**
 * CPU microseconds per call of each contestant: a checked call, a warm-up, then `rounds` rounds
 * of `calls` calls each, the contestants taking turns (the order rotates every round) so that
 * drift on a shared machine falls on all of them; the figure is the median of the rounds, and what
 * a contestant adds over raw fetch is the median of its per-round differences.
 */
export async function measureCpuCase(cpuCase: CpuCase, options: CpuOptions): Promise<CpuFigure[]> {
  const figures = new Map<string, CpuFigure>();
  const running = await runnable(cpuCase, figures);
  await warmUp(running, options.warmup);
  const samples = new Map<string, number[]>(running.map((c) => [c.name, []]));
  for (let round = 0; round < options.rounds; round++) {
    for (let i = 0; i < running.length; i++) {
      const contestant = running[(i + round) % running.length]!;
      samples.get(contestant.name)!.push(await cpuPerCall(contestant.call, options.calls));
    }
  }
  const raw = samples.get('raw fetch');
  for (const contestant of running) {
    const own = samples.get(contestant.name)!;
    figures.set(contestant.name, {
      name: contestant.name,
      usPerCall: median(own),
      ...(raw ? { overRaw: median(own.map((us, round) => us - raw[round]!)) } : {}),
    });
  }
  return cpuCase.contestants.map((c) => figures.get(c.name)!);
}
