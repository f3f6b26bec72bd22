import { createReferenceServer, type ReferenceServer } from '@clientkit/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureAnswers, cpuCases } from '../src/cpu-cases';
import { measureFirstResponses } from '../src/first-response';
import { FIRST_RESPONSE_PROGRAMS } from '../src/first-response-programs';
import { startInstantServer } from '../src/instant-server';
import {
  benchMeteringStream,
  clientkitKySender,
  clientkitNodeSender,
  rawSender,
  type Sender,
  stripeFetchSender,
  stripeNodeHttpSender,
} from '../src/metering-stream';
import { isUnavailable } from '../src/per-call-cpu';
import { admin } from '../src/server-process';

let server: ReferenceServer;
let origin: string;

beforeAll(async () => {
  server = await createReferenceServer({ admin: true });
  origin = (await server.listen(0)).url;
});
afterAll(() => server.close());

const counted = async () => ((await admin(origin, '/metering/events')) as { total: number }).total;

describe('per-call CPU contestants (against answers captured from the reference server)', () => {
  // Ours are left out here: each client's own suites cover its requests, and the bench marks a
  // client that sends anything else as not timed (see per-call-cpu.test.ts).
  it('bare ky, raw fetch and each official SDK send the request their row names', async () => {
    const token = ((await admin(origin, '/idm/tokens', {})) as { access_token: string })
      .access_token;
    const cases = await cpuCases(await captureAnswers(origin, token));
    expect(cases.map((c) => c.operation)).toContain('metering.sessions.create');
    const peers = new Set<string>();
    for (const cpuCase of cases) {
      for (const contestant of cpuCase.contestants) {
        if (contestant.name === 'clientkit') continue;
        if (isUnavailable(contestant))
          throw new Error(`${contestant.name}: ${contestant.unavailable}`);
        contestant.canned.reset();
        await contestant.call();
        expect(contestant.canned.seen, `${cpuCase.operation} by ${contestant.name}`).toContain(
          cpuCase.expect,
        );
        peers.add(contestant.name);
      }
    }
    expect([...peers].sort()).toEqual(
      ['@gitbook/api', 'auth0', 'bare ky', 'postmark', 'raw fetch', 'stripe (fetch)'].sort(),
    );
  });
});

describe('metering stream senders', () => {
  for (const sender of [
    clientkitNodeSender,
    clientkitKySender,
    stripeNodeHttpSender,
    stripeFetchSender,
    rawSender,
  ]) {
    it(`${sender.name} delivers every event, each counted once by the server`, async () => {
      const before = await counted();
      await sender.send(origin, 1_050, 100, 8);
      await admin(origin, '/clock', { advance: 0 });
      expect((await counted()) - before).toBe(1_050);
    });
  }

  it('reports a sender that cannot deliver with its reason and times the others', async () => {
    const broken: Sender = {
      name: 'broken',
      send: () => Promise.reject(new Error('no route to the stream')),
    };
    const results = await benchMeteringStream(origin, [broken, rawSender], {
      eventsPerRound: 1_000,
      rounds: 2,
    });
    expect(results[0]).toEqual({ name: 'broken', note: 'unavailable: no route to the stream' });
    expect(results[1]!.eventsPerSec!.median).toBeGreaterThan(0);
    expect(results[1]!.cpuMsPer1000!.samples).toHaveLength(2);
    expect(results[1]!.serverCpuMsPer1000).toBeUndefined();
  });

  it('gives each sender the server’s CPU per 1,000 events when it can read the server’s CPU', async () => {
    let serverMs = 0;
    const [raw] = await benchMeteringStream(origin, [rawSender], {
      eventsPerRound: 1_000,
      rounds: 2,
      serverCpuMs: () => {
        serverMs += 5;
        return serverMs;
      },
    });
    // Read once before and once after each delivery: 5 ms over 1,000 events.
    expect(raw!.serverCpuMsPer1000!.samples).toEqual([5, 5]);
  });
});

describe('the server that answers at once (scripts/instant-stream-server.mjs)', () => {
  it('takes every sender’s batches and counts each event once, as the bench reads it', async () => {
    const instant = await startInstantServer();
    try {
      const results = await benchMeteringStream(
        instant.url,
        [
          clientkitNodeSender,
          clientkitKySender,
          stripeNodeHttpSender,
          stripeFetchSender,
          rawSender,
        ],
        { eventsPerRound: 1_050, rounds: 1 },
      );
      expect(results.filter((r) => r.note !== undefined)).toEqual([]);
      for (const r of results) expect(r.eventsPerSec!.median).toBeGreaterThan(0);
    } finally {
      await instant.stop();
    }
  });
});

describe('first-response programs (the built packages, each in a fresh process)', () => {
  it('every program runs to its end: each client and SDK gets its first answer from the reference server', async () => {
    const token = ((await admin(origin, '/idm/tokens', {})) as { access_token: string })
      .access_token;
    const results = await measureFirstResponses(FIRST_RESPONSE_PROGRAMS, 1, {
      BENCH_ORIGIN: origin,
      BENCH_IDM_TOKEN: token,
    });
    const failed = results.filter((r) => r.note !== undefined);
    expect(failed).toEqual([]);
    expect(results.map((r) => r.name)).toEqual([
      'bare node',
      ...FIRST_RESPONSE_PROGRAMS.map((p) => p.name),
    ]);
    // Eleven fresh processes one after another: about 13 s on a quiet machine, over a minute on a
    // loaded one.
  }, 300_000);
});
