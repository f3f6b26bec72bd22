/** A source of numbers in [0, 1) that repeats its sequence for the same seed. */
export type SeededRandom = () => number;

/** The largest seed: seeds are unsigned 32-bit integers. */
export const MAX_SEED = 0xffff_ffff;

/**
 * mulberry32: small, fast and good enough to pick faults. The same seed gives the same sequence
 * on every platform, which is what lets a failing run be replayed.
 */
export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A seed for a caller who gave none; it is shown back so that the run can be replayed. */
export function freshSeed(): number {
  return Math.floor(Math.random() * (MAX_SEED + 1));
}

/** Checks a seed given by a caller; `subject` names where it was given. */
export function checkSeed(seed: unknown, subject = 'seed'): void {
  if (!(Number.isInteger(seed) && (seed as number) >= 0 && (seed as number) <= MAX_SEED)) {
    throw new RangeError(`${subject} must be an integer from 0 to ${MAX_SEED}`);
  }
}

/** An integer from `min` to `max`, both included. */
export function integerBetween(random: SeededRandom, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
