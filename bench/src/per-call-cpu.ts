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
  note?: string;
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

/**
 * CPU microseconds per call of each contestant: a checked call, a warm-up, then `rounds` rounds
 * of `calls` calls each, the contestants taking turns (the order rotates every round) so that
 * drift on a shared machine falls on all of them; the figure is the median of the rounds.
 */
export async function measureCpuCase(
  cpuCase: CpuCase,
  options: { calls: number; rounds: number; warmup: number },
): Promise<CpuFigure[]> {
  const figures = new Map<string, CpuFigure>();
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
  for (const contestant of running) {
    for (let i = 0; i < options.warmup; i++) await contestant.call();
  }
  const samples = new Map<string, number[]>(running.map((c) => [c.name, []]));
  for (let round = 0; round < options.rounds; round++) {
    for (let i = 0; i < running.length; i++) {
      const contestant = running[(i + round) % running.length]!;
      samples.get(contestant.name)!.push(await cpuPerCall(contestant.call, options.calls));
    }
  }
  for (const contestant of running) {
    figures.set(contestant.name, {
      name: contestant.name,
      usPerCall: median(samples.get(contestant.name)!),
    });
  }
  return cpuCase.contestants.map((c) => figures.get(c.name)!);
}
