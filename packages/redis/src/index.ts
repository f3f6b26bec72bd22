/**
 * Redis and Valkey for a fleet of clientkit clients: `redisCoordination()` is a `Coordination`
 * that lets processes share one token exchange, one metering session, the pauses a service asks
 * for, and caps on requests in flight and started per second.
 *
 * @module
 */
export type { RedisScriptClient } from './connection';
export {
  type RedisCoordination,
  type RedisCoordinationOptions,
  redisCoordination,
} from './redis-coordination';
