import type { MeteringThroughput } from './metering-stream';
import { formatRatio } from './stats';

/** The sender whose figures the stream's targets are set against. */
export const STREAM_BUDGET_PEER = 'stripe (node:http, default)';

/**
 * The stream's targets against stripe's default client, read from the medians of the paired
 * rounds: at least its events per second, at no more CPU per event.
 */
export function streamVerdict(vsPeer: MeteringThroughput | undefined): string {
  const rate = vsPeer?.eventsPerSecRatio?.median;
  const cpu = vsPeer?.cpuRatio?.median;
  if (rate === undefined || cpu === undefined) return `n/a: ${vsPeer?.note ?? 'not measured'}`;
  const figures = `${formatRatio(rate)} its events/s at ${formatRatio(cpu)} its CPU per event`;
  const misses = [
    ...(rate < 1 ? ['events/s under 1.00x'] : []),
    ...(cpu > 1 ? ['CPU over 1.00x'] : []),
  ];
  return misses.length === 0 ? `met: ${figures}` : `missed (${misses.join(', ')}): ${figures}`;
}
