// Heap held per metering Idempotency-Key and per event identifier, measured against the built
// server (run `pnpm --filter @clientkit/reference-server build` first):
//   node --expose-gc scripts/metering-memory.mjs [keys] [identifiers]
// Each figure is the heap growth after a full collection, divided by the entries added: requests
// with a 36-character key and the stream's `{}` answer; events with a 36-character identifier and
// a payload of two short values, 100 to a batch. The README quotes the figures it prints.
import { createReferenceServer } from '../dist/index.js';

const [keys = 100_000, identifiers = 200_000] = process.argv.slice(2).map(Number);
const BASE = 'http://reference.test/v2/billing';

if (typeof globalThis.gc !== 'function') {
  console.error('run with node --expose-gc');
  process.exit(1);
}

/** The heap in use once everything unreachable is collected. */
async function heldHeap() {
  // A turn of the event loop first: objects kept alive for the current job are let go only then.
  await new Promise((resolve) => setImmediate(resolve));
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

async function streamToken(server) {
  const response = await server.fetch(`${BASE}/meter_event_session`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_clientkit_dev_key' },
  });
  return (await response.json()).authentication_token;
}

async function post(server, token, body, extra = {}) {
  const response = await server.fetch(`${BASE}/meter_event_stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...extra },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`stream answered ${response.status}`);
  await response.arrayBuffer();
}

async function perKey(count) {
  const server = await createReferenceServer({
    clock: { frozen: true },
    metering: { idempotencyKeyLimit: count },
  });
  const token = await streamToken(server);
  const batch = { events: [{ event_name: 'api_call', payload: { customer: 'cus_1' } }] };
  await post(server, token, batch);
  await server.clock.settle();
  const before = await heldHeap();
  for (let i = 0; i < count; i++) {
    await post(server, token, batch, { 'idempotency-key': crypto.randomUUID() });
    if (i % 1000 === 0) await server.clock.settle();
  }
  await server.clock.settle();
  const bytes = ((await heldHeap()) - before) / count;
  await server.close();
  return bytes;
}

async function perIdentifier(count) {
  const server = await createReferenceServer({ clock: { frozen: true } });
  const token = await streamToken(server);
  const batch = () => ({
    events: Array.from({ length: 100 }, () => ({
      event_name: 'api_call',
      identifier: crypto.randomUUID(),
      payload: { customer: 'cus_1', value: '1' },
    })),
  });
  await post(server, token, batch());
  await server.clock.settle();
  const before = await heldHeap();
  for (let i = 0; i < count / 100; i++) {
    await post(server, token, batch());
    if (i % 20 === 0) await server.clock.settle();
  }
  await server.clock.settle();
  const bytes = ((await heldHeap()) - before) / count;
  await server.close();
  return bytes;
}

console.log(`per Idempotency-Key: ${Math.round(await perKey(keys))} bytes (${keys} keys)`);
console.log(
  `per identifier: ${Math.round(await perIdentifier(identifiers))} bytes (${identifiers} identifiers)`,
);
