import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MeteringClient } from '@clientkit/metering-client';
import { admin, startServerProcess } from './server-process';
import { nowMs } from './stats';

// `pnpm bench:soak`: the reference server (its own process) under 200 keep-alive connections for
// 10 rounds of 15 s, then one million metering events through createStream. Not part of `pnpm
// test`. SOAK_ROUND_MS and SOAK_EVENTS shorten it for a smoke run.
const CONNECTIONS = 200;
const ROUNDS = 10;
const ROUND_MS = Number(process.env.SOAK_ROUND_MS ?? 15_000);
const EVENTS = Number(process.env.SOAK_EVENTS ?? 1_000_000);

/** Resident memory of a process, in MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return kb / 1024;
}

interface Round {
  requests: number;
  errors: number;
  /** RSS as the round ends, under load. */
  rssMiB: number;
  /** RSS once the idle server has stopped giving memory back (see `settledRssMiB`). */
  settledRssMiB: number;
}

/**
 * The server's RSS once it is idle, has collected its garbage and has stopped shrinking. Under
 * load, RSS holds whatever garbage the last collections left and the heap V8 grew for the burst,
 * so two runs of the same code read +48.8 % and -5.1 % at the instant the load stopped. The server
 * runs with a preload (`scripts/collect-on-signal.cjs`) that collects on SIGUSR2; after asking for
 * it, this polls every 250 ms until RSS has not fallen by 1 MiB or more across the last two
 * seconds, or 30 s have passed. Rounds are then compared by what the server keeps.
 */
async function settledRssMiB(pid: number): Promise<number> {
  process.kill(pid, 'SIGUSR2');
  const readings: number[] = [rssMiB(pid)];
  const deadline = nowMs() + 30_000;
  while (nowMs() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    readings.push(rssMiB(pid));
    const window = readings.slice(-9);
    if (window.length === 9 && window[0]! - Math.min(...window) < 1) break;
  }
  return readings.at(-1)!;
}

/** One round: every connection sends requests back to back, reads, writes and refusals mixed. */
async function round(url: string, pid: number): Promise<Round> {
  const deadline = nowMs() + ROUND_MS;
  let requests = 0;
  let errors = 0;
  const docs = { authorization: 'Bearer docs-dev-user-ada' };
  const calls: (() => Promise<Response>)[] = [
    () => fetch(`${url}/v1/spaces/space_handbook`, { headers: docs }),
    () =>
      fetch(`${url}/v1/spaces/space_handbook/permissions`, {
        method: 'POST',
        headers: { ...docs, 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'comment', users: ['usr_chloe'] }),
      }),
    () => fetch(`${url}/wp-json/calendar/events/v1/events?per_page=10`),
    () =>
      fetch(`${url}/servers/1`, {
        headers: { 'x-mail-account-token': 'mail-dev-account-token', accept: 'application/json' },
      }),
  ];
  // Expected refusals count as answers, not errors: only a 5xx or a failed connection is one.
  const worker = async (index: number) => {
    for (let turn = index; nowMs() < deadline; turn++) {
      try {
        const response = await calls[turn % calls.length]!();
        await response.arrayBuffer();
        if (response.status >= 500) errors += 1;
      } catch {
        errors += 1;
      }
      requests += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => worker(index)));
  const underLoad = rssMiB(pid);
  return { requests, errors, rssMiB: underLoad, settledRssMiB: await settledRssMiB(pid) };
}

interface Counts {
  total: number;
  repeats: number;
  pending: number;
}

async function meteringMillion(
  url: string,
): Promise<{ seconds: number; counted: number; repeats: number; sent: number }> {
  const before = (await admin(url, '/metering/events')) as { total: number };
  const started = nowMs();
  const metering = new MeteringClient({ baseUrl: url, apiKey: 'sk_test_clientkit_dev_key' });
  const stream = metering.createStream({ batchSize: 100, concurrency: 8 });
  for (let i = 0; i < EVENTS; i++) {
    const event = {
      event_name: 'api_call',
      payload: { stripe_customer_id: `cus_${i % 1000}`, value: '1' },
    };
    if (!stream.push(event)) await stream.write(event);
  }
  await stream.close();
  const seconds = (nowMs() - started) / 1000;
  // The server validates and counts asynchronously: what it received is counted or still pending.
  let after = (await admin(url, '/metering/events')) as Counts;
  for (let attempt = 0; after.pending > 0 && attempt < 100; attempt++) {
    after = (await admin(url, '/metering/events')) as Counts;
  }
  return {
    seconds,
    counted: after.total - before.total,
    repeats: after.repeats,
    sent: stream.stats.sent,
  };
}

const server = await startServerProcess(
  [],
  [
    '--expose-gc',
    '--require',
    fileURLToPath(new URL('../scripts/collect-on-signal.cjs', import.meta.url)),
  ],
);
let failed = false;
try {
  console.log(
    `reference server pid ${server.pid}, RSS at start ${rssMiB(server.pid).toFixed(0)} MiB`,
  );
  const rounds: Round[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    const result = await round(server.url, server.pid);
    rounds.push(result);
    console.log(
      `round ${index + 1}: ${result.requests} requests (${(result.requests / (ROUND_MS / 1000)).toFixed(0)}/s), ${result.errors} errors, server RSS ${result.rssMiB.toFixed(0)} MiB under load, ${result.settledRssMiB.toFixed(0)} MiB settled`,
    );
  }
  const second = rounds[1]!.settledRssMiB;
  const last = rounds.at(-1)!.settledRssMiB;
  const growth = (last - second) / second;
  const errors = rounds.reduce((sum, r) => sum + r.errors, 0);
  console.log(
    `settled RSS after the last round vs the second: ${(growth * 100).toFixed(1)} % (limit 10 %); errors: ${errors}`,
  );
  if (errors > 0 || growth > 0.1) failed = true;

  const million = await meteringMillion(server.url);
  console.log(
    `metering: ${million.sent} events sent in ${million.seconds.toFixed(1)} s (${(million.sent / million.seconds).toFixed(0)}/s), counted ${million.counted}, repeats ${million.repeats}, server RSS ${rssMiB(server.pid).toFixed(0)} MiB`,
  );
  if (million.counted !== EVENTS || million.sent !== EVENTS) failed = true;
} finally {
  await server.stop();
}
console.log(failed ? 'SOAK FAILED' : 'soak passed');
process.exitCode = failed ? 1 : 0;
