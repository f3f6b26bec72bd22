import type { FleetFigures } from './fleet';
import { formatMs } from './stats';

export const FLEET_HEAD = [
  'run',
  'calls answered',
  'calls failed',
  '429s received',
  'requests sent',
  'token exchanges',
  'calls/s',
  'Redis round trips per call',
];

/** The rows of the rate-limited fleet: what each way of running it cost and achieved. */
export function fleetRows(runs: FleetFigures[]): string[][] {
  return runs.map((run) => [
    run.name,
    String(run.ok),
    String(run.failed),
    String(run.refused),
    String(run.requests),
    String(run.tokenExchanges),
    run.callsPerSecond.toFixed(1),
    roundTrips(run),
  ]);
}

export const PER_CALL_FLEET_HEAD = ['run', 'median', 'p99', 'Redis round trips per call'];

/** The rows of the per-call cost: latency of a call on loopback, and Redis scripts per call. */
export function perCallFleetRows(runs: FleetFigures[]): string[][] {
  return runs.map((run) => [
    run.name,
    formatMs(run.medianMs),
    formatMs(run.p99Ms),
    roundTrips(run),
  ]);
}

function roundTrips(run: FleetFigures): string {
  return run.redisRoundTripsPerCall === undefined ? '—' : run.redisRoundTripsPerCall.toFixed(2);
}
