/**
 * The test kit README's table of fault kinds, derived here: for each kind, what the five clients of
 * `server.clients()` do with it, without retries (the kit's default) and with the clients' own
 * default retries, on a call the retry rules may repeat and on a POST they may not. The README's
 * table is read and every cell is checked against what the clients do.
 */
import { readFileSync } from 'node:fs';
import {
  APIConnectionError,
  APIResponseParseError,
  APITimeoutError,
  InternalServerError,
  RateLimitError,
} from '@clientkit/core';
import { describe, expect, it } from 'vitest';
import type { FaultSpec, InterfaceName } from '../src/index';
import {
  type ClientOverrides,
  createReferenceServer,
  type ReferenceClients,
  type ReferenceServerWithClients,
} from '../src/testing';

/** One call of a kit client, and whether the retry rules may repeat it. */
interface KitCall {
  client: InterfaceName;
  method: string;
  path: string;
  /** A GET, PUT or DELETE, or a write with an idempotency key; not a POST without one. */
  repeatable: boolean;
  run(clients: ReferenceClients): Promise<unknown>;
}

const calls: KitCall[] = [
  {
    client: 'docs',
    method: 'GET',
    path: '/v1/spaces/space_handbook',
    repeatable: true,
    run: (c) => c.docs.spaces.get('space_handbook'),
  },
  {
    client: 'docs',
    method: 'POST',
    path: '/v1/spaces/space_handbook/duplicate',
    repeatable: false,
    run: (c) => c.docs.spaces.duplicate('space_handbook'),
  },
  {
    client: 'calendar',
    method: 'GET',
    path: '/wp-json/calendar/events/v1/categories',
    repeatable: true,
    run: (c) => c.calendar.categories.list(),
  },
  {
    client: 'calendar',
    method: 'POST',
    path: '/wp-json/calendar/events/v1/venues',
    repeatable: false,
    run: (c) => c.calendar.venues.create({ venue: 'Fault Hall', status: 'publish' }),
  },
  {
    client: 'metering',
    method: 'POST',
    path: '/v2/billing/meter_event_session',
    repeatable: true,
    run: (c) => c.metering.sessions.create(),
  },
  {
    client: 'mail',
    method: 'GET',
    path: '/servers/1',
    repeatable: true,
    run: (c) => c.mail.servers.get(1),
  },
  {
    client: 'mail',
    method: 'PUT',
    path: '/servers/1',
    repeatable: true,
    run: (c) => c.mail.servers.update(1, { Name: 'Fault Desk' }),
  },
  {
    client: 'idm',
    method: 'GET',
    path: '/api/v2/clients',
    repeatable: true,
    run: (c) => c.idm.clients.list({ take: 5 }),
  },
  {
    client: 'idm',
    method: 'POST',
    path: '/api/v2/clients',
    repeatable: false,
    run: (c) => c.idm.clients.create({ name: 'Fault App', app_type: 'spa' }),
  },
];

/**
 * The attempt timeout of the rows that wait for it: well above an in-process answer on a busy
 * machine, the idm client's token request included.
 */
const WAITING_TIMEOUT_MS = 5_000;

/** Each row of the README's table: its first cell, the fault, and whether it waits for the timeout. */
const faults: Record<string, { fault: FaultSpec; waits?: true }> = {
  '`status: 503`': { fault: { status: 503 } },
  '`status: 500`': { fault: { status: 500 } },
  '`status: 429, retryAfter: 0`': { fault: { status: 429, retryAfter: 0 } },
  "`kind: 'html'` (502)": { fault: { kind: 'html' } },
  '`drop: true`': { fault: { drop: true } },
  "`kind: 'reset'`": { fault: { kind: 'reset' } },
  "`kind: 'reset', when: 'mid-body'`": { fault: { kind: 'reset', when: 'mid-body' } },
  "`kind: 'truncate'`": { fault: { kind: 'truncate' } },
  "`kind: 'malformed'`": { fault: { kind: 'malformed' } },
  "`kind: 'empty'`": { fault: { kind: 'empty' } },
  "`kind: 'stall'`": { fault: { kind: 'stall' }, waits: true },
  '`latencyMs` over the `timeout`': {
    fault: { latencyMs: 5 * WAITING_TIMEOUT_MS },
    waits: true,
  },
};

const errorClasses: Record<string, abstract new (...args: never[]) => Error> = {
  APIConnectionError,
  APITimeoutError,
  APIResponseParseError,
  InternalServerError,
  RateLimitError,
};

/** The README's table, row by row: the fault's cell, then the three outcome cells. */
function readmeTable(): string[][] {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.split('\n### Fault kinds and the kit’s clients\n')[1]!.split('\n#')[0]!;
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| fault |'))
    .map((line) =>
      line
        .slice(2, -2)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
}

/**
 * What a call does against a fault that lasts `count` requests: `ErrorClass, N attempts`, counting
 * the attempts by the faults the server injected, or `resolves`.
 */
async function outcome(
  server: ReferenceServerWithClients,
  call: KitCall,
  row: { fault: FaultSpec; waits?: true },
  overrides: Record<string, unknown>,
  count: number,
): Promise<string> {
  server.faults.add({ ...row.fault, method: call.method, path: call.path, count });
  const options = { ...overrides, ...(row.waits ? { timeout: WAITING_TIMEOUT_MS } : {}) };
  const clients = server.clients({ [call.client]: options } as ClientOverrides);
  const failure = await call.run(clients).then(
    () => undefined,
    (error: Error) => error,
  );
  if (!failure) return 'resolves';
  const attempts = server.faults
    .injected()
    .filter((entry) => entry.method === call.method && entry.path === call.path).length;
  const counted = `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
  const known = errorClasses[failure.name];
  if (!known || !(failure instanceof known))
    return `unexpected ${failure.name}: ${failure.message}`;
  return `\`${failure.name}\`, ${counted}`;
}

/**
 * Every call's outcome against a fault, the calls side by side on one server: each fault is aimed
 * at its call's method and path, which no other call shares.
 */
async function outcomes(
  row: { fault: FaultSpec; waits?: true },
  overrides: Record<string, unknown>,
  count: number,
  which: (call: KitCall) => boolean,
): Promise<string[]> {
  await using server = await createReferenceServer({ clock: { frozen: true } });
  // Awaited here: the server closes when this function returns.
  return await Promise.all(
    calls
      .filter(which)
      .map(
        async (call) =>
          `${call.client} ${call.method}: ${await outcome(server, call, row, overrides, count)}`,
      ),
  );
}

/** The kit's clients with their own default retries: `undefined` drops the kit's `retry: 0`. */
const clientDefaults = { retry: undefined };
const any = () => true;
const repeatable = (call: KitCall) => call.repeatable;
const notRepeatable = (call: KitCall) => !call.repeatable;

describe('the README’s table of fault kinds and what the kit’s clients do with them', () => {
  const table = readmeTable();

  it('has a row for every fault kind, in order', () => {
    expect(table.map(([fault]) => fault)).toEqual(Object.keys(faults));
  });

  describe.concurrent.each(table)('%s', (label, noRetries, repeated, notRepeated) => {
    const row = faults[label!]!;
    const expected = (cell: string, which: (call: KitCall) => boolean) =>
      calls.filter(which).map((call) => `${call.client} ${call.method}: ${cell}`);

    it(`server.clients() as it comes: ${noRetries}, every client, every call`, async () => {
      expect(await outcomes(row, {}, 3, any)).toEqual(expected(noRetries!, any));
    });

    it(`with the clients’ default retries, a call they may repeat: ${repeated}`, async () => {
      expect(await outcomes(row, clientDefaults, 3, repeatable)).toEqual(
        expected(repeated!, repeatable),
      );
    });

    it(`with the clients’ default retries, a POST without an idempotency key: ${notRepeated}`, async () => {
      expect(await outcomes(row, clientDefaults, 3, notRepeatable)).toEqual(
        expected(notRepeated!, notRepeatable),
      );
    });

    it('with the clients’ default retries, a one-shot fault (count: 1) is retried away wherever the table counts more than 1 attempt', async () => {
      const oneShot = (cell: string) => (cell.endsWith(', 1 attempt') ? cell : 'resolves');
      const got = await outcomes(row, clientDefaults, 1, any);
      const want = calls.map(
        (call) =>
          `${call.client} ${call.method}: ${oneShot(call.repeatable ? repeated! : notRepeated!)}`,
      );
      expect(got).toEqual(want);
    });
  });
});
