import { refuseUnknownKeys } from '../unknown-keys';
import type { SeededRandom } from './seeded-random';

/** A latency drawn afresh for each request, from `min` to `max` milliseconds. */
export interface LatencyRange {
  /** The shortest wait, in milliseconds. */
  min: number;
  /** The longest wait, in milliseconds. */
  max: number;
}

/** Milliseconds, or a range to draw from. */
export type Latency = number | LatencyRange;

/**
 * The longest wait a fault may add: a wait is held in memory, so it is bounded like a stall, and
 * a test that needs longer is better served by a stall.
 */
export const MAX_LATENCY_MS = 10 * 60_000;

function isMilliseconds(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value <= MAX_LATENCY_MS;
}

/** Throws a RangeError naming `subject` unless `latency` is milliseconds or a `{ min, max }` range. */
export function checkLatency(latency: unknown, subject = 'latencyMs'): void {
  const rule = `${subject} must be milliseconds from 0 to ${MAX_LATENCY_MS}, or { min, max } of them`;
  if (typeof latency !== 'object' || latency === null) {
    if (!isMilliseconds(latency)) throw new RangeError(rule);
    return;
  }
  refuseUnknownKeys(latency, { min: true, max: true }, subject, 'field');
  const { min, max } = latency as Partial<LatencyRange>;
  if (!isMilliseconds(min) || !isMilliseconds(max)) throw new RangeError(rule);
  if (min > max) throw new RangeError(`${subject}: min must not be above max`);
}

/** Whether a latency is drawn at random (and so needs a generator). */
export function isLatencyRange(latency: Latency | undefined): latency is LatencyRange {
  return typeof latency === 'object' && latency !== null;
}

/** The wait for one request: the fixed latency, or one drawn from the range. */
export function drawLatency(latency: Latency, random: SeededRandom): number {
  if (!isLatencyRange(latency)) return latency;
  return Math.round(latency.min + random() * (latency.max - latency.min));
}

/** A copy of a latency, so that changing the caller's object changes no fault. */
export function copyLatency(latency: Latency): Latency {
  return isLatencyRange(latency) ? { min: latency.min, max: latency.max } : latency;
}
