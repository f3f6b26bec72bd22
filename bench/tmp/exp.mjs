// Throwaway experiment: where does the stream's wall time go against stripe on this Node?
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { MeteringClient } = await import('@clientkit/metering-client');
const { nodeWire } = await import('../../packages/metering-client/dist/node-wire-' + (await import('node:fs')).readdirSync('../packages/metering-client/dist').find((f) => f.startsWith('node-wire-') && f.endsWith('.js')).slice(10));
const Stripe = require('stripe');
const cli = '../packages/reference-server/dist/cli.js';
const child = spawn(process.execPath, [cli, '--port', '0', '--smtp-port', '0', '--admin'], { stdio: ['ignore', 'pipe', 'inherit'] });
const origin = await new Promise((resolve) => { let out=''; child.stdout.on('data', (c) => { out += c; const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(out); if (m && out.includes('Admin routes')) resolve(m[1]); }); });
await fetch(`${origin}/__admin/metering/rate-limit`, { method: 'DELETE' });
const KEY = 'sk_test_clientkit_dev_key';
const usage = (i) => ({ event_name: 'api_call', payload: { stripe_customer_id: `cus_${i % 1000}`, value: '1' } });
const N = 20000;
async function workers(send) { let next = 0; const w = async () => { while (next < N) { const s = next; next = Math.min(N, s + 100); const b = []; for (let i = s; i < next; i++) b.push({ ...usage(i), identifier: crypto.randomUUID() }); await send(b); } }; await Promise.all(Array.from({ length: 8 }, w)); }
const session = async () => (await (await fetch(`${origin}/v2/billing/meter_event_session`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` } })).json()).authentication_token;
const process_ = globalThis.process;
const senders = {
  ours: async () => { const m = new MeteringClient({ baseUrl: origin, apiKey: KEY }); const s = m.createStream({ batchSize: 100, concurrency: 8, maxBufferedEvents: 1600 }); for (let i = 0; i < N; i++) { const e = usage(i); if (!s.push(e)) await s.write(e); } await s.close(); },
  stripe: async () => { const st = (k) => new Stripe(k, { host: '127.0.0.1', port: Number(new URL(origin).port), protocol: 'http', maxNetworkRetries: 0, telemetry: false }); const t = await st(KEY).v2.billing.meterEventSession.create(); const c = st(t.authentication_token); await workers((b) => c.v2.billing.meterEventStream.create({ events: b })); },
  wireFull: async () => { const w = nodeWire(process_); const t = await session(); const headers = { accept: 'application/json', 'user-agent': 'clientkit/x', 'service-version': '2026-01-28.preview', 'content-type': 'application/json', authorization: `Bearer ${t}` }; await workers(async (b) => { const a = await w({ url: `${origin}/v2/billing/meter_event_stream`, method: 'POST', headers, idempotencyKey: crypto.randomUUID(), body: JSON.stringify({ events: b }), signal: undefined, timeoutMs: 60000 }); if (a.status !== 200) throw new Error(a.text); }); },
  wireNoVersion: async () => { const w = nodeWire(process_); const t = await session(); const headers = { accept: 'application/json', 'user-agent': 'clientkit/x', 'content-type': 'application/json', authorization: `Bearer ${t}` }; await workers(async (b) => { const a = await w({ url: `${origin}/v2/billing/meter_event_stream`, method: 'POST', headers, idempotencyKey: crypto.randomUUID(), body: JSON.stringify({ events: b }), signal: undefined, timeoutMs: 60000 }); if (a.status !== 200) throw new Error(a.text); }); },
  wireNoKey: async () => { const w = nodeWire(process_); const t = await session(); const headers = { accept: 'application/json', 'user-agent': 'clientkit/x', 'service-version': '2026-01-28.preview', 'content-type': 'application/json', authorization: `Bearer ${t}` }; await workers(async (b) => { const a = await w({ url: `${origin}/v2/billing/meter_event_stream`, method: 'POST', headers, idempotencyKey: undefined, body: JSON.stringify({ events: b }), signal: undefined, timeoutMs: 60000 }); if (a.status !== 200) throw new Error(a.text); }); },
};
const only = (process_.env.ONLY ?? Object.keys(senders).join(',')).split(',');
const results = Object.fromEntries(only.map((k) => [k, []]));
for (const k of only) await senders[k]();
for (let r = 0; r < Number(process_.env.R ?? 5); r++) for (let i = 0; i < only.length; i++) { const k = only[(i + r) % only.length]; const t0 = performance.now(); const c0 = process_.cpuUsage(); await senders[k](); const cpu = process_.cpuUsage(c0); const ms = performance.now() - t0; await fetch(`${origin}/__admin/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advance":0}' }); results[k].push([Math.round(N / ms * 1000), ((cpu.user + cpu.system) / 1000 / N * 1000).toFixed(2)]); }
const med = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
for (const k of only) console.log(k.padEnd(14), 'ev/s', med(results[k].map((x) => x[0])), 'cpu', med(results[k].map((x) => +x[1])), JSON.stringify(results[k]));
child.kill();
