/**
 * A program for the fault-wait tests, run in a process of its own: it starts a reference server,
 * sends one request into the wait an injected fault starts (a latency of two minutes, chaos's
 * latency, or a stall), closes the server while the request waits, and prints what the request
 * got. It must then exit by itself at once: a timer left behind would hold it for the wait.
 *
 * Usage, once bundled (`programFromSource`): node <bundle> <latency|chaos-latency|stall> <in-process|socket>
 */
import { createReferenceServer } from '../../src/index';

const [kind, transport] = process.argv.slice(2);
const WAIT_MS = 120_000;
const PATH = '/v1/spaces/space_handbook';

const server = await createReferenceServer({ clock: { frozen: true } });
const origin = transport === 'socket' ? (await server.listen(0)).url : 'http://reference.test';
const send = transport === 'socket' ? fetch : server.fetch;
if (kind === 'latency') server.faults.add({ path: PATH, latencyMs: WAIT_MS });
if (kind === 'chaos-latency') {
  server.faults.chaos({ rate: 1, kinds: ['latency'], latencyMs: WAIT_MS, paths: [PATH] });
}
if (kind === 'stall') server.faults.add({ path: PATH, kind: 'stall' });

const answered = send(`${origin}${PATH}`, {
  headers: { authorization: 'Bearer docs-dev-user-ada' },
});
const outcome = answered
  .then((response) => response.text())
  .then(
    () => 'answered',
    (error: Error) => `failed: ${error.name}: ${error.message}`,
  );
// The request has met its fault once the fault is logged; a stalled one, once its headers came.
while (server.faults.injected().length === 0) await new Promise(setImmediate);
if (kind === 'stall') await answered;
await server.close();
console.log('closed');
console.log(await outcome);
