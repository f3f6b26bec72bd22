/**
 * The protocols of a fleet of processes that spend one budget, for every client's `coordination`
 * option: `coordinate(store)` builds them on any shared store, `inProcessCoordination()` on this
 * process's memory (clients of one process sharing one budget). `@clientkit/redis` builds its
 * `redisCoordination()` with `coordinate`. Clients never import this entry themselves: a program
 * that does not coordinate loads none of it.
 *
 * @module
 */
export { type CoordinateOptions, coordinate } from './coordination/coordinate';
export { inProcessCoordination } from './coordination/in-process';
