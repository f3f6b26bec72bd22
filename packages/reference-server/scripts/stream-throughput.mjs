// Events per second through the metering client's createStream against the reference server, and
// the server's CPU time per event, for comparing two builds on one machine:
//   node scripts/stream-throughput.mjs <repo root A> <repo root B> [rounds] [events]
// Each root needs built dists of @clientkit/reference-server and @clientkit/metering-client. The
// builds take turns, so that a change in the machine's load falls on both alike.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [rootA, rootB, rounds = '5', events = '200000'] = process.argv.slice(2);
const TICKS_PER_SECOND = 100;

function serverCpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function startServer(root) {
  const cli = `${root}/packages/reference-server/dist/cli.js`;
  const child = spawn(process.execPath, [cli, '--port', '0', '--admin'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match && output.includes('Admin routes')) resolve({ url: match[1], child });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

async function run(root, count) {
  const { MeteringClient } = await import(
    pathToFileURL(`${root}/packages/metering-client/dist/index.js`).href
  );
  const { url, child } = await startServer(root);
  try {
    const metering = new MeteringClient({ baseUrl: url, apiKey: 'sk_test_clientkit_dev_key' });
    const stream = metering.createStream({ batchSize: 100, concurrency: 8 });
    const cpuBefore = serverCpuSeconds(child.pid);
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      const event = {
        event_name: 'api_call',
        payload: { stripe_customer_id: `cus_${i % 97}`, value: String(i % 10) },
      };
      if (!stream.push(event)) await stream.write(event);
    }
    await stream.close();
    const seconds = (performance.now() - started) / 1000;
    const cpu = serverCpuSeconds(child.pid) - cpuBefore;
    if (stream.stats.sent !== count) throw new Error(`sent ${stream.stats.sent} of ${count}`);
    return { eventsPerSecond: count / seconds, serverCpuUsPerEvent: (cpu * 1e6) / count };
  } finally {
    child.kill('SIGTERM');
  }
}

const results = { A: [], B: [] };
for (let round = 0; round < Number(rounds); round++) {
  for (const [name, root] of round % 2 === 0
    ? [
        ['A', rootA],
        ['B', rootB],
      ]
    : [
        ['B', rootB],
        ['A', rootA],
      ]) {
    const result = await run(root, Number(events));
    results[name].push(result);
    console.log(
      name,
      Math.round(result.eventsPerSecond),
      'events/s',
      result.serverCpuUsPerEvent.toFixed(2),
      'µs server CPU/event',
    );
  }
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const name of ['A', 'B']) {
  console.log(
    `${name}: median ${Math.round(median(results[name].map((r) => r.eventsPerSecond)))} events/s,`,
    `${median(results[name].map((r) => r.serverCpuUsPerEvent)).toFixed(2)} µs server CPU per event`,
  );
}
