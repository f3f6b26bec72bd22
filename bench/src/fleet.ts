import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createClient } from '@redis/client';
import { hasRedisServer } from '../../test-support/install-redis-server';
import { type RedisServer, startRedisServer } from '../../test-support/redis-server';
import type { FleetProcessResult, FleetProcessSettings } from './fleet-process';
import { admin } from './server-process';
import { median, percentile } from './stats';

const PROGRAM = join(dirname(fileURLToPath(import.meta.url)), 'fleet-process.js');

/** The idm client credentials of the reference server's development application. */
const IDM = {
  clientId: 'idm_dev_full_access',
  clientSecret: 'idm-dev-secret-full-access',
  audience: 'https://idm.clientkit.test/api/v2/',
};

/** One way a fleet runs: alone, or coordinated through Redis, with or without a throttle. */
export interface FleetRun {
  name: string;
  coordinated: boolean;
  throttle?: FleetProcessSettings['throttle'];
}

/** What a run of the fleet came to, summed over its processes. */
export interface FleetFigures {
  name: string;
  ok: number;
  failed: number;
  /** 429 answers the server gave. */
  refused: number;
  /** Requests that reached the server, retries included. */
  requests: number;
  tokenExchanges: number;
  /** Calls answered per second, over the run of the slowest process. */
  callsPerSecond: number;
  /** Scripts Redis ran, per call. */
  redisRoundTripsPerCall: number | undefined;
  medianMs: number;
  p99Ms: number;
}

/** Where the runs happen: the bench's reference server and a Redis of the section's own. */
interface Ground {
  origin: string;
  redis: RedisServer;
}

/**
 * The Redis scripts run since the counters were last reset (`EVALSHA`, and `EVAL` after a
 * restart). `reset` empties Redis first and counts afresh: each run starts with nothing shared.
 */
async function scriptsRun(redisUrl: string, reset: boolean): Promise<number> {
  const client = createClient({ url: redisUrl });
  await client.connect();
  try {
    if (reset) {
      await client.flushAll();
      await client.configResetStat();
    }
    const stats = await client.info('commandstats');
    let total = 0;
    for (const match of stats.matchAll(/^cmdstat_(?:evalsha|eval):calls=(\d+)/gm)) {
      total += Number(match[1]);
    }
    return total;
  } finally {
    client.destroy();
  }
}

/** Starts the processes, lets them all go at once, and resolves with their results. */
async function runProcesses(settings: FleetProcessSettings[]): Promise<FleetProcessResult[]> {
  const children = settings.map((one) =>
    spawn(process.execPath, [PROGRAM, JSON.stringify(one)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const lines = children.map((child) => createInterface({ input: child.stdout! }));
  const nextLine = (index: number) =>
    new Promise<string>((resolve, reject) => {
      lines[index]!.once('line', resolve);
      children[index]!.once('exit', (code) =>
        reject(new Error(`a fleet process exited (${code})`)),
      );
    });
  await Promise.all(children.map((_, index) => nextLine(index)));
  const results = children.map((_, index) => nextLine(index));
  for (const child of children) child.stdin!.end('go\n');
  return (await Promise.all(results)).map((line) => JSON.parse(line) as FleetProcessResult);
}

async function measureRun(
  ground: Ground,
  run: FleetRun,
  fleet: Omit<FleetProcessSettings, 'baseUrl' | 'redisUrl' | 'throttle'> & { processes: number },
  rateLimit: object | undefined,
): Promise<FleetFigures> {
  await admin(ground.origin, '/reset', {});
  if (rateLimit) await admin(ground.origin, '/idm/rate-limit', rateLimit);
  await scriptsRun(ground.redis.url, true);
  const { processes, ...each } = fleet;
  const results = await runProcesses(
    Array.from({ length: processes }, () => ({
      ...each,
      baseUrl: ground.origin,
      ...(run.coordinated ? { redisUrl: ground.redis.url } : {}),
      ...(run.throttle ? { throttle: run.throttle } : {}),
    })),
  );
  const scripts = await scriptsRun(ground.redis.url, false);
  const traffic = (await admin(ground.origin, '/traffic')) as {
    requests: number;
    statuses: Record<string, number>;
  };
  const exchanges = (await admin(ground.origin, '/idm/tokens')) as { exchanged: number };
  const ok = results.reduce((sum, r) => sum + r.ok, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  const latencies = results.flatMap((r) => r.latenciesMs);
  const fleetMs = Math.max(...results.map((r) => r.elapsedMs), 1);
  return {
    name: run.name,
    ok,
    failed,
    refused: traffic.statuses['429'] ?? 0,
    requests: traffic.requests,
    tokenExchanges: exchanges.exchanged,
    callsPerSecond: ok / (fleetMs / 1000),
    redisRoundTripsPerCall: run.coordinated ? scripts / (ok + failed) : undefined,
    medianMs: median(latencies),
    p99Ms: percentile(latencies, 0.99),
  };
}

/** The figures of the fleet section, or why it could not run. */
export interface FleetSection {
  rateLimited: FleetFigures[];
  perCall: FleetFigures[];
  note?: string;
}

/**
 * The fleet section: `processes` processes of idm clients against the reference server with its
 * rate limit enforced (`limit` requests a second, shared by all), alone and coordinated through
 * Redis; then the cost of coordination per call, one docs process making calls one after another
 * on a server with no limit.
 */
export async function benchFleet(
  origin: string,
  { quick }: { quick: boolean },
): Promise<FleetSection> {
  if (!hasRedisServer()) {
    return {
      rateLimited: [],
      perCall: [],
      note: 'not run: redis-server is not installed (apt-get install redis-server)',
    };
  }
  const redis = await startRedisServer();
  const ground = { origin, redis };
  const limit = 40;
  try {
    const rateLimited: FleetFigures[] = [];
    for (const run of [
      { name: 'alone', coordinated: false },
      { name: 'coordinated', coordinated: true },
      {
        name: `coordinated, throttle { requestsPerSecond: ${limit} }`,
        coordinated: true,
        throttle: { requestsPerSecond: limit },
      },
    ] satisfies FleetRun[]) {
      rateLimited.push(
        await measureRun(
          ground,
          run,
          { kind: 'idm', idm: IDM, processes: 4, calls: quick ? 25 : 75, concurrency: 4 },
          { limit, window: '1s', enforce: true },
        ),
      );
    }
    const perCall: FleetFigures[] = [];
    for (const run of [
      { name: 'alone', coordinated: false },
      { name: 'coordinated', coordinated: true },
      {
        name: 'coordinated, throttle { concurrency: 8 }',
        coordinated: true,
        throttle: { concurrency: 8 },
      },
      {
        name: 'coordinated, throttle { requestsPerSecond: 10000 }',
        coordinated: true,
        throttle: { requestsPerSecond: 10_000 },
      },
    ] satisfies FleetRun[]) {
      perCall.push(
        await measureRun(
          ground,
          run,
          { kind: 'docs', processes: 1, calls: quick ? 200 : 1_000, concurrency: 1 },
          undefined,
        ),
      );
    }
    return { rateLimited, perCall };
  } finally {
    await redis.stop();
  }
}
