// One process of the bench's fleet: it builds one client as an application does (from the built
// packages, by name), with a Redis coordination when it is given one, prints `ready`, and on the
// first line of its input makes its calls, `concurrency` at a time; then it prints what they came
// to as one JSON line and exits.
// Argument: JSON { kind: 'idm' | 'docs', baseUrl, redisUrl?, throttle?, calls, concurrency, idm? }.
import { createInterface } from 'node:readline';
import type { Coordination } from '@clientkit/core';
import { DocsClient } from '@clientkit/docs-client';
import { clientCredentials, IdmClient } from '@clientkit/idm-client';
import { redisCoordination } from '@clientkit/redis';

export interface FleetProcessSettings {
  kind: 'idm' | 'docs';
  baseUrl: string;
  redisUrl?: string;
  throttle?: { concurrency?: number; requestsPerSecond?: number };
  calls: number;
  concurrency: number;
  idm?: { clientId: string; clientSecret: string; audience: string };
}

export interface FleetProcessResult {
  ok: number;
  failed: number;
  /** The duration of each call that succeeded, in ms. */
  latenciesMs: number[];
  /** From the first call to the last answer, in ms. */
  elapsedMs: number;
}

const settings = JSON.parse(process.argv[2]!) as FleetProcessSettings;
const coordination = settings.redisUrl ? redisCoordination({ url: settings.redisUrl }) : undefined;
const shared = {
  baseUrl: settings.baseUrl,
  ...(coordination ? { coordination: coordination as Coordination } : {}),
  ...(settings.throttle ? { throttle: settings.throttle } : {}),
};
const call =
  settings.kind === 'idm'
    ? (() => {
        const idm = new IdmClient({ ...shared, auth: clientCredentials(settings.idm!) });
        return () => idm.clients.list({ take: 1 });
      })()
    : (() => {
        const docs = new DocsClient({ ...shared, token: 'docs-dev-user-ada' });
        return () => docs.spaces.get('space_handbook');
      })();

const result: FleetProcessResult = { ok: 0, failed: 0, latenciesMs: [], elapsedMs: 0 };
let next = 0;

async function worker(): Promise<void> {
  while (next < settings.calls) {
    next += 1;
    const startedAt = performance.now();
    try {
      await call();
      result.ok += 1;
      result.latenciesMs.push(performance.now() - startedAt);
    } catch {
      result.failed += 1;
    }
  }
}

console.log('ready');
const input = createInterface({ input: process.stdin });
await new Promise((resolve) => input.once('line', resolve));
input.close();
const startedAt = performance.now();
await Promise.all(Array.from({ length: settings.concurrency }, worker));
result.elapsedMs = performance.now() - startedAt;
console.log(JSON.stringify(result));
await coordination?.close();
