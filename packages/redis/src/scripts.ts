/**
 * The Lua scripts behind each operation. Each names one key (`KEYS[1]`), so that Redis Cluster runs
 * it on the node of that key's slot; each runs atomically, which is what makes a lease, a
 * compare-and-delete, a pause that keeps the later end, a slot count and a rate reservation safe
 * when many processes ask at once. Times come from the server (`PTTL`, `TIME`), so the clocks of
 * the processes do not matter.
 */
import { createHash } from 'node:crypto';

/** A script, and the SHA-1 digest Redis caches it under (`EVALSHA`). */
export interface Script {
  readonly source: string;
  readonly sha: string;
}

function script(source: string): Script {
  return { source, sha: createHash('sha1').update(source).digest('hex') };
}

export const GET = script("return redis.call('GET', KEYS[1])");

/** ARGV: value, ttl (ms). */
export const SET = script("redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1");

/** ARGV: value, ttl (ms). Answers 1 when stored. */
export const SET_IF_ABSENT = script(
  "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end return 0",
);

/** ARGV: expected value. Answers 1 when deleted. */
export const DELETE_IF = script(
  "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0",
);

/** ARGV: pause (ms). A key with more time left keeps it (PTTL is -2 for no key). */
export const PAUSE = script(`
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
end
return 1`);

/** Answers the ms the pause has left, 0 when there is none. */
export const PAUSED_FOR = script(`
local left = redis.call('PTTL', KEYS[1])
if left < 0 then return 0 end
return left`);

/**
 * ARGV: holder, limit, lease (ms). The key is a sorted set of holders scored by the moment (server
 * ms) their slot frees itself; expired holders are dropped first. A holder already in the set
 * renews its slot. The key lives as long as its longest slot. Answers 1 when the slot is held.
 */
export const ACQUIRE_SLOT = script(`
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lease = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + lease, ARGV[1])
if redis.call('PTTL', KEYS[1]) < lease then redis.call('PEXPIRE', KEYS[1], lease) end
return 1`);

/** ARGV: holder. */
export const RELEASE_SLOT = script("redis.call('ZREM', KEYS[1], ARGV[1]) return 1");

/**
 * ARGV: starts per second. A generic cell rate algorithm with no burst: the key holds the
 * theoretical arrival time (server µs) of the next start; a caller takes it (or now, if later) and
 * moves it one interval on. Answers the ms to wait, rounded up, so that no start is early.
 */
export const RESERVE_START = script(`
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
local start = math.max(tonumber(redis.call('GET', KEYS[1]) or '0'), now)
local following = start + 1000000 / tonumber(ARGV[1])
redis.call('SET', KEYS[1], string.format('%.0f', following), 'PX', math.ceil((following - now) / 1000))
return math.ceil((start - now) / 1000)`);
