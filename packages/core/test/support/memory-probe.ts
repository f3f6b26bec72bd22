/**
 * A program the response-size tests run in a process of its own, so that its memory is measured
 * alone: one client reads `<origin>/small`, then `<origin>/huge` with `maxResponseBytes` set to
 * `<limit>`, and prints how the second call ended and the process's resident memory before it and
 * at its peak, as JSON.
 * Usage: node scripts/from-source.mjs packages/core/test/support/memory-probe.ts <origin> <limit>
 */
import type { Contract } from '../../src/contract';
import { ClientCore, type ClientDefinition } from '../../src/internal';

const [origin, limit] = process.argv.slice(2);
const contract: Contract = { name: 'probe', base: '', operations: {} };
const definition: ClientDefinition<Contract> = {
  name: 'ProbeClient',
  contract,
  options: ['baseUrl'],
  errorFields: () => undefined,
};
const core = new ClientCore(
  definition,
  { baseUrl: origin, retry: 0, maxResponseBytes: Number(limit) },
  () => undefined,
);
await core.request('GET', 'small');
const before = process.memoryUsage().rss;
let outcome: string;
try {
  await core.request('GET', 'huge');
  outcome = 'resolved';
} catch (error) {
  outcome = (error as Error).name;
}
// The peak of the whole process: at least the call's own, so the growth it gives is an upper bound.
const peak = process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({ outcome, before, peak }));
