import { type KnownNames, refuseUnknownKeys } from '../unknown-keys';
import { DEFAULT_HTML_STATUS } from './fault-spec';
import type { Injection } from './injection';
import { checkLatency, copyLatency, drawLatency, type Latency } from './latency';
import { checkSeed, freshSeed, type SeededRandom } from './seeded-random';

/**
 * One thing chaos mode may do to a request: answer an HTTP error status (429 comes with
 * `Retry-After: 1`), drop the connection, reset it before the headers or half-way through the body,
 * cut, garble, stall or empty the answer, answer a proxy's HTML page, or wait first.
 */
export type ChaosKind =
  | number
  | 'drop'
  | 'reset'
  | 'reset-mid-body'
  | 'truncate'
  | 'malformed'
  | 'stall'
  | 'empty'
  | 'html'
  | 'latency';

/** Options of `faults.chaos`: faults at random over a whole suite. */
export interface ChaosOptions {
  /** The share of matching requests that get a fault, from 0 to 1. */
  rate: number;
  /** What a faulted request gets, one picked at random for each (default: every kind but `stall`). */
  kinds?: ChaosKind[];
  /** The seed of the generator: the same seed and request order give the same faults. */
  seed?: number;
  /** Path prefixes chaos applies to (default: every interface's; `/__admin` never). */
  paths?: string[];
  /** The wait of the `latency` kind: milliseconds or `{ min, max }` (default 500 to 2000). */
  latencyMs?: Latency;
}

/** Chaos mode as it runs: the options with every default filled in, the seed included. */
export interface ActiveChaos {
  /** The share of matching requests that get a fault. */
  rate: number;
  /** What a faulted request may get. */
  kinds: ChaosKind[];
  /** The seed that replays this run. */
  seed: number;
  /** The path prefixes chaos applies to. */
  paths: string[];
  /** The wait of the `latency` kind. */
  latencyMs: Latency;
}

const chaosOptionNames: KnownNames<ChaosOptions> = {
  rate: true,
  kinds: true,
  seed: true,
  paths: true,
  latencyMs: true,
};

const NAMED_KINDS = new Set<ChaosKind>([
  'drop',
  'reset',
  'reset-mid-body',
  'truncate',
  'malformed',
  'stall',
  'empty',
  'html',
  'latency',
]);

/** Every kind but `stall`, which only ends when the client gives up: a suite opts into it. */
export const DEFAULT_CHAOS_KINDS: readonly ChaosKind[] = [
  429,
  500,
  503,
  'drop',
  'reset',
  'reset-mid-body',
  'truncate',
  'malformed',
  'empty',
  'html',
  'latency',
];

/** The wait of the `latency` kind when chaos is given none: long enough to trip a tight timeout. */
export const DEFAULT_CHAOS_LATENCY: Latency = { min: 500, max: 2000 };

function checkKinds(kinds: unknown): void {
  if (!Array.isArray(kinds) || kinds.length === 0) {
    throw new RangeError('kinds must be a list of at least one kind');
  }
  for (const kind of kinds) {
    if (typeof kind === 'number' && Number.isInteger(kind) && kind >= 400 && kind <= 599) continue;
    if (NAMED_KINDS.has(kind)) continue;
    throw new RangeError(
      `kinds: "${kind}" is neither a status from 400 to 599 nor one of ${[...NAMED_KINDS].join(', ')}`,
    );
  }
}

function checkPaths(paths: unknown): void {
  if (!Array.isArray(paths) || paths.length === 0) {
    throw new RangeError('paths must be a list of at least one path prefix');
  }
  for (const path of paths) {
    if (typeof path !== 'string' || !path.startsWith('/')) {
      throw new RangeError(`paths: "${path}" is not a path that starts with /`);
    }
    if (path.startsWith('/__admin')) {
      throw new RangeError(`paths: "${path}" is under /__admin, which never gets faults`);
    }
  }
}

/**
 * Throws a RangeError naming the option that is not valid, and a TypeError naming each option it
 * does not know.
 */
export function checkChaos(options: ChaosOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('chaos options must be an object');
  }
  refuseUnknownKeys(options, chaosOptionNames, 'faults.chaos');
  const { rate } = options;
  if (!(typeof rate === 'number' && rate >= 0 && rate <= 1)) {
    throw new RangeError('rate must be a number from 0 to 1');
  }
  if (options.kinds !== undefined) checkKinds(options.kinds);
  if (options.paths !== undefined) checkPaths(options.paths);
  if (options.seed !== undefined) checkSeed(options.seed);
  if (options.latencyMs === undefined) return;
  checkLatency(options.latencyMs);
  if (!(options.kinds ?? DEFAULT_CHAOS_KINDS).includes('latency')) {
    throw new RangeError('latencyMs goes with the kind "latency" in kinds');
  }
}

/** The options with their defaults; `interfacePaths` are the prefixes chaos covers by default. */
export function activeChaos(options: ChaosOptions, interfacePaths: string[]): ActiveChaos {
  return {
    rate: options.rate,
    kinds: [...(options.kinds ?? DEFAULT_CHAOS_KINDS)],
    seed: options.seed ?? freshSeed(),
    paths: [...(options.paths ?? interfacePaths)],
    latencyMs: copyLatency(options.latencyMs ?? DEFAULT_CHAOS_LATENCY),
  };
}

function injectionOf(kind: ChaosKind, chaos: ActiveChaos, random: SeededRandom): Injection {
  if (typeof kind === 'number') {
    const headers: [string, string][] = kind === 429 ? [['Retry-After', '1']] : [];
    return { kind: 'status', status: kind, headers, latencyMs: 0 };
  }
  switch (kind) {
    case 'reset':
      return { kind: 'reset', when: 'before-headers', latencyMs: 0 };
    case 'reset-mid-body':
      return { kind: 'reset', when: 'mid-body', latencyMs: 0 };
    case 'html':
      return { kind: 'html', status: DEFAULT_HTML_STATUS, headers: [], latencyMs: 0 };
    case 'latency':
      return { kind: 'latency', latencyMs: drawLatency(chaos.latencyMs, random) };
    default:
      return { kind, latencyMs: 0 };
  }
}

/**
 * What chaos does to one request under its paths: nothing (most of the time), or one of its kinds.
 * The draws happen in a fixed order (the roll, the kind, the wait) so that a seed replays.
 */
export function chaosInjection(chaos: ActiveChaos, random: SeededRandom): Injection | undefined {
  if (random() >= chaos.rate) return undefined;
  const kind = chaos.kinds[Math.floor(random() * chaos.kinds.length)]!;
  return injectionOf(kind, chaos, random);
}
