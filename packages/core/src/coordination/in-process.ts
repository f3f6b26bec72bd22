import type { Coordination } from '../options/coordination';
import { coordinate } from './coordinate';
import { inMemoryStore } from './memory-store';

/**
 * A coordination in this process's memory: the clients given it share one budget, as the
 * processes of a fleet do over Redis. Their throttle caps hold for all of them together, a pause
 * one of them is asked for holds back the others, and clients with the same credentials share
 * one token exchange and one metering session. It starts no timer of its own.
 *
 * @example
 * const coordination = inProcessCoordination();
 * const docs = new DocsClient({ baseUrl, token, coordination, throttle: { concurrency: 4 } });
 * const admin = new DocsClient({ baseUrl, token, coordination, throttle: { concurrency: 4 } }); // the same 4 slots
 */
export function inProcessCoordination(): Coordination {
  return coordinate(inMemoryStore());
}
