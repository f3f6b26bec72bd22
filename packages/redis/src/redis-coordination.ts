import { type Coordination, RequestValidationError } from '@clientkit/core';
import { coordinate } from '@clientkit/core/coordination';
import { checkOptions, type OptionRule } from '@clientkit/core/internal';
import { givenConnection, ownConnection, type RedisScriptClient } from './connection';
import { redisStore } from './redis-store';

/** Options of `redisCoordination`. */
export interface RedisCoordinationOptions {
  /**
   * Where Redis or Valkey listens, such as `redis://:password@cache.internal:6379` or
   * `rediss://...` for TLS (default `redis://localhost:6379`). Not with `client`.
   */
  url?: string;
  /**
   * The application's own connected node-redis client or cluster (`createClient()` or
   * `createCluster()` of the `redis` package), instead of a connection of the coordination's own.
   * The application closes it; `close()` leaves it open.
   */
  client?: RedisScriptClient;
  /** Put before every key, so that applications sharing a Redis keep apart (default `clientkit:`). */
  prefix?: string;
  /**
   * How long a command may take before it is given up, in ms (default 100): the client then goes on
   * with what its own process knows.
   */
  commandTimeoutMs?: number;
}

/** A coordination on Redis; end it with `close()` or `await using`. */
export interface RedisCoordination extends Coordination {
  /** Ends the coordination's own connection (an application's client stays open). */
  close(): Promise<void>;
  /** The same as `close()`, for `await using coordination = redisCoordination(...)`. */
  [Symbol.asyncDispose](): Promise<void>;
}

const DEFAULT_PREFIX = 'clientkit:';
const DEFAULT_COMMAND_TIMEOUT_MS = 100;
const LONGEST_PREFIX = 256;

const RULES: Record<string, OptionRule> = {
  url: (value) =>
    typeof value === 'string' && /^(redis|rediss):\/\//.test(value)
      ? undefined
      : 'must be a redis:// or rediss:// URL',
  client: (value) =>
    typeof (value as RedisScriptClient | null)?.evalSha === 'function' &&
    typeof (value as RedisScriptClient).eval === 'function'
      ? undefined
      : 'must be a node-redis client or cluster (with evalSha and eval)',
  prefix: (value) =>
    typeof value === 'string' && value.length <= LONGEST_PREFIX && !/[{}]/.test(value)
      ? undefined
      : `must be a string of at most ${LONGEST_PREFIX} characters without { or } (they mark Redis Cluster hash tags)`,
  commandTimeoutMs: (value) =>
    typeof value === 'number' && value > 0 && value <= 2_147_483_647
      ? undefined
      : 'must be a positive number of milliseconds',
};

/**
 * The fleet's coordination on Redis 6.2 or newer, or Valkey, through node-redis: give it to every
 * client of every process as `coordination`. It connects to `url`, or uses the application's own
 * `client`. Every command is given up after `commandTimeoutMs`; clients then go on alone, so a
 * Redis that is down or slow never fails a call.
 *
 * @example
 * const coordination = redisCoordination({ url: process.env.REDIS_URL });
 * const idm = new IdmClient({ baseUrl, auth, coordination });
 * // ...
 * await coordination.close();
 */
export function redisCoordination(options: RedisCoordinationOptions = {}): RedisCoordination {
  checkOptions(options, RULES, 'options of redisCoordination');
  if (options.url !== undefined && options.client !== undefined) {
    throw new RequestValidationError('options of redisCoordination', [
      {
        path: 'client',
        message: 'must not be given with url: the coordination uses one or the other',
      },
    ]);
  }
  const timeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const connection =
    options.client === undefined
      ? ownConnection(options.url, timeoutMs)
      : givenConnection(options.client, timeoutMs);
  const coordination = coordinate(redisStore(connection, options.prefix ?? DEFAULT_PREFIX));
  return { ...coordination, [Symbol.asyncDispose]: coordination.close };
}
