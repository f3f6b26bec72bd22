import { createReferenceServer } from '@clientkit/reference-server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { within } from '../../../test-support/within';
import {
  BadRequestError,
  CheckpointExpiredError,
  type Client,
  type LogEvent,
  OFFSET_REACH,
} from '../src/index';
import { START, serverLogs, useServer } from './support/e2e';
import { rejectionOf } from './support/unit';

const e2e = useServer();

const DAY = 86_400_000;

async function getJson(path: string): Promise<{ status: number; body: unknown }> {
  const response = await e2e.fetch(path);
  return { status: response.status, body: await response.json() };
}

const seededClients = () => (e2e.server.inspect('idm') as { clients: Client[] }).clients;
const newestFirstLogs = () => [...serverLogs(e2e.server)].reverse();

function seed(clientCount: number, logCount: number) {
  e2e.server.seed({
    idm: {
      clients: Array.from({ length: clientCount }, (_, i) => ({
        client_id: `c${i}`,
        name: `Client ${i}`,
      })),
      logs: Array.from({ length: logCount }, (_, i) => ({
        log_id: `l${i}`,
        date: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
        type: 's',
        description: 'Success Login',
      })),
    },
  });
}

describe('seed', () => {
  it('holds 30 clients and 1550 log events, the same on every start', async () => {
    const other = await createReferenceServer({ clock: { start: START, frozen: true } });
    expect(other.inspect('idm')).toEqual(e2e.server.inspect('idm'));
    await other.close();
    expect(seededClients()).toHaveLength(30);
    expect(serverLogs(e2e.server)).toHaveLength(1550);
  });
});

describe('offset pagination (server rules)', () => {
  it('answers a bare array of per_page = 25 (half the public maximum) by default', async () => {
    const { body } = await getJson('/api/v2/clients?page=0');
    expect(body).toEqual(seededClients().slice(0, 25));
    expect((await getJson('/api/v2/clients')).body).toEqual(seededClients().slice(0, 25));
  });

  it('counts page from 0', async () => {
    const { body } = await getJson('/api/v2/clients?page=1&per_page=10');
    expect(body).toEqual(seededClients().slice(10, 20));
  });

  it('accepts per_page 50 and answers 400 to per_page 51 on a public tenant', async () => {
    expect((await getJson('/api/v2/logs?per_page=50')).body).toHaveLength(50);
    const { status, body } = await getJson('/api/v2/logs?per_page=51');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      errorCode: 'invalid_query_string',
      message: 'Invalid query: per_page must be at most 50',
    });
  });

  it('answers {start, limit, length, total, clients} with include_totals=true', async () => {
    const { body } = await getJson('/api/v2/clients?page=2&per_page=12&include_totals=true');
    expect(body).toEqual({
      start: 24,
      limit: 12,
      length: 6,
      total: 30,
      clients: seededClients().slice(24),
    });
  });

  it('answers [] when page * per_page reaches or exceeds the total', async () => {
    expect((await getJson('/api/v2/clients?page=3&per_page=10')).body).toEqual([]);
    expect((await getJson('/api/v2/clients?page=4&per_page=10')).body).toEqual([]);
    expect((await getJson('/api/v2/clients?page=4&per_page=10&include_totals=true')).body).toEqual({
      start: 40,
      limit: 10,
      length: 0,
      total: 30,
      clients: [],
    });
  });

  it('serves a page that starts before record 1000 (page 19 x 50: records 950 to 999)', async () => {
    const { status, body } = await getJson('/api/v2/logs?page=19&per_page=50');
    expect(status).toBe(200);
    expect(body).toEqual(newestFirstLogs().slice(950, 1000));
  });

  it('ends a page that straddles record 1000 at the 1000th record (page 33 x 30: records 990 to 999)', async () => {
    const { body } = await getJson('/api/v2/logs?page=33&per_page=30&include_totals=true');
    expect(body).toMatchObject({ start: 990, limit: 30, length: 10, total: 1550 });
  });

  it('answers 400 "You can only page through the first 1000 records" to a page that starts at record 1000 or later', async () => {
    for (const query of ['page=20&per_page=50', 'page=1000&per_page=1', 'page=30&per_page=40']) {
      const { status, body } = await getJson(`/api/v2/logs?${query}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({
        statusCode: 400,
        message: 'You can only page through the first 1000 records',
        errorCode: 'invalid_paging',
      });
    }
  });

  it('answers [] rather than 400 when the page starts past the total, even beyond record 1000', async () => {
    expect((await getJson('/api/v2/logs?page=40&per_page=50')).body).toEqual([]);
  });

  it('answers 400 when offset and checkpoint parameters are mixed', async () => {
    const { status, body } = await getJson('/api/v2/clients?page=1&take=5');
    expect(status).toBe(400);
    expect((body as { message: string }).message).toContain('not both');
  });
});

describe('checkpoint pagination (server rules)', () => {
  it('answers {clients, next} with take items, and next leads on from the last of them', async () => {
    const first = (await getJson('/api/v2/clients?take=10')).body as {
      clients: Client[];
      next: string;
    };
    expect(first.clients).toEqual(seededClients().slice(0, 10));
    expect(typeof first.next).toBe('string');
    const second = (await getJson(`/api/v2/clients?from=${encodeURIComponent(first.next)}`))
      .body as {
      clients: Client[];
    };
    expect(second.clients).toEqual(seededClients().slice(10, 30));
  });

  it('uses take = 25 by default once from is given, and has no next on the last page even when it is full', async () => {
    const first = (await getJson('/api/v2/clients?take=5')).body as { next: string };
    const rest = (await getJson(`/api/v2/clients?from=${first.next}`)).body as Record<
      string,
      unknown
    >;
    expect(rest.clients).toHaveLength(25);
    expect(rest).not.toHaveProperty('next');
  });

  it('answers 400 to take 51 on a public tenant', async () => {
    expect((await getJson('/api/v2/clients?take=51')).status).toBe(400);
    expect((await getJson('/api/v2/clients?take=50')).status).toBe(200);
  });

  it('answers 400 invalid_query_string to a malformed, altered or foreign checkpoint id', async () => {
    const { next } = (await getJson('/api/v2/clients?take=5')).body as { next: string };
    const altered = `${next.slice(0, -2)}${next.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const path of [
      '/api/v2/clients?from=garbage',
      `/api/v2/clients?from=${altered}`,
      `/api/v2/logs?from=${next}`,
    ]) {
      const { status, body } = await getJson(path);
      expect(status).toBe(400);
      expect(body).toMatchObject({ errorCode: 'invalid_query_string' });
    }
  });

  it('keeps a checkpoint valid for exactly 24 hours after it was issued', async () => {
    const { next } = (await getJson('/api/v2/clients?take=5')).body as { next: string };
    await e2e.server.clock.advance(DAY);
    const page = (await getJson(`/api/v2/clients?from=${next}&take=5`)).body as {
      clients: Client[];
    };
    expect(page.clients).toEqual(seededClients().slice(5, 10));
  });

  it('silently restarts the listing from the beginning with a checkpoint older than 24 hours', async () => {
    const { next } = (await getJson('/api/v2/clients?take=5')).body as { next: string };
    await e2e.server.clock.advance(DAY + 1);
    const page = (await getJson(`/api/v2/clients?from=${next}&take=5`)).body as {
      clients: Client[];
    };
    expect(page.clients).toEqual(seededClients().slice(0, 5));
  });

  it('moves forward only and carries on when the record it points after is deleted', async () => {
    const idm = await e2e.client();
    const first = await idm.clients.list({ take: 5 });
    await idm.clients.delete(first.items[4]!.client_id);
    const second = await first.getNextPage();
    expect(second.items).toEqual(seededClients().slice(4, 9));
  });

  it('reaches clients created after the checkpoint was issued (oldest first)', async () => {
    const idm = await e2e.client();
    const seen: Client[] = [];
    let created: Client | undefined;
    for await (const page of idm.clients.list({ take: 10 }).pages()) {
      seen.push(...page.items);
      created ??= await idm.clients.create({ name: 'Late' });
    }
    expect(seen).toHaveLength(31);
    expect(seen.at(-1)).toEqual(created);
  });

  it('lists logs newest first and does not revisit events recorded while paging', async () => {
    const idm = await e2e.client();
    const first = await idm.logs.list({ take: 3 });
    await idm.clients.create({ name: 'Noise' });
    const second = await first.getNextPage();
    expect([...first.items, ...second.items]).toEqual(newestFirstLogs().slice(1, 7));
  });
});

describe('logs from a log id (from=<log_id>&take=, as the real service documents)', () => {
  const oldestFirstLogs = () => serverLogs(e2e.server);

  it('answers the events recorded after that event, oldest first, take of them, with next = the last log id', async () => {
    const logs = oldestFirstLogs();
    const from = logs[100]!.log_id;
    const page = (await getJson(`/api/v2/logs?from=${from}&take=5`)).body as {
      logs: LogEvent[];
      next: string;
    };
    expect(page.logs).toEqual(logs.slice(101, 106));
    expect(page.next).toBe(logs[105]!.log_id);
    const after = (await getJson(`/api/v2/logs?from=${page.next}&take=5`)).body as {
      logs: LogEvent[];
    };
    expect(after.logs).toEqual(logs.slice(106, 111));
  });

  it('reaches events recorded after the page was read, and has no next on the last page', async () => {
    const idm = await e2e.client();
    const newest = oldestFirstLogs().at(-1)!.log_id;
    const empty = (await getJson(`/api/v2/logs?from=${newest}`)).body as Record<string, unknown>;
    expect(empty).toEqual({ logs: [] });
    await idm.clients.create({ name: 'Audited' });
    const page = (await getJson(`/api/v2/logs?from=${newest}&take=50`)).body as {
      logs: LogEvent[];
    };
    expect(page.logs.map((log) => log.description)).toEqual(['Create a client']);
    expect(page).not.toHaveProperty('next');
  });

  it('answers 400 invalid_query_string to a log id that does not exist, and to a client id on logs', async () => {
    for (const path of [
      '/api/v2/logs?from=log_9999999999',
      '/api/v2/clients?from=log_0000000100',
    ]) {
      const { status, body } = await getJson(path);
      expect(status).toBe(400);
      expect(body).toMatchObject({ errorCode: 'invalid_query_string' });
    }
  });
});

describe('client paginators against the server', () => {
  it('lists every log event once with checkpoint pagination (the default)', async () => {
    const idm = await e2e.client();
    const ids = (await idm.logs.list({ take: 50 }).toArray()).map((event) => event.log_id);
    expect(new Set(ids).size).toBe(1550);
    expect(ids).toEqual(newestFirstLogs().map((event) => event.log_id));
  });

  it('raises CheckpointExpiredError instead of letting the server restart the listing', async () => {
    const idm = await e2e.client();
    const page = await idm.clients.list({ take: 10 });
    await e2e.server.clock.advance(DAY + 1000);
    const error = await rejectionOf(page.getNextPage());
    expect(error).toBeInstanceOf(CheckpointExpiredError);
  });

  it('offset pagination visits the first 1000 log events then raises BadRequestError invalid_paging', async () => {
    const idm = await e2e.client();
    const seen: LogEvent[] = [];
    const error = await rejectionOf(
      (async () => {
        for await (const event of idm.logs.list({ per_page: 50 })) seen.push(event);
      })(),
    );
    expect(seen).toEqual(newestFirstLogs().slice(0, 1000));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ code: 'invalid_paging' });
  });

  it('offset pagination raises when records remain past the reach, whatever the page size (1001 events, per_page 21)', async () => {
    seed(0, 1001);
    const idm = await e2e.client();
    const seen: string[] = [];
    const error = await rejectionOf(
      (async () => {
        for await (const event of idm.logs.list({ per_page: 21 })) seen.push(event.log_id);
      })(),
    );
    expect(seen).toHaveLength(1000);
    expect(error).toBeInstanceOf(BadRequestError);
  });

  it('checks offset pages without totals as bare arrays and with totals as envelopes (validateResponses)', async () => {
    const idm = await e2e.client();
    const plain = await idm.clients.list({ per_page: 10, include_totals: false }).toArray();
    const totals = await idm.clients.list({ per_page: 10 }).toArray();
    expect(plain).toHaveLength(30);
    expect(totals).toEqual(plain);
  });

  it('offset pagination stops at the total without asking past the end', async () => {
    const idm = await e2e.client();
    const pages = [];
    for await (const page of idm.clients.list({ per_page: 10 }).pages())
      pages.push(page.items.length);
    expect(pages).toEqual([10, 10, 10]);
  });
});

/** At most this many pages per listing in one property run: the work is bounded, not only the time. */
const MAX_PAGES_PER_RUN = 30;

// Property tests run against the reference server over loopback, with few runs and a bounded
// number of pages per run, so that a busy machine slows them down without making them time out.
describe('properties: any page size and collection size visit each record exactly once', () => {
  it('in both modes, for up to 120 clients and page sizes 1 to 50', async () => {
    const idm = await e2e.client();
    // Small pages come with small collections: page size 1 still meets 0 to 30 clients.
    const sizeAndPage = fc
      .integer({ min: 1, max: 50 })
      .chain((pageSize) =>
        fc.tuple(
          fc.integer({ min: 0, max: Math.min(120, MAX_PAGES_PER_RUN * pageSize) }),
          fc.constant(pageSize),
        ),
      );
    const property = fc.assert(
      fc.asyncProperty(sizeAndPage, async ([size, pageSize]) => {
        seed(size, 0);
        const expected = seededClients().map((client) => client.client_id);
        const byCheckpoint = await idm.clients.list({ take: pageSize }).toArray();
        const byOffset = await idm.clients.list({ per_page: pageSize }).toArray();
        expect(byCheckpoint.map((client) => client.client_id)).toEqual(expected);
        expect(byOffset.map((client) => client.client_id)).toEqual(expected);
      }),
      { numRuns: 15 },
    );
    await within(100_000, '15 runs of both paginations over up to 120 clients', property);
  }, 120_000);

  it('around the offset reach: offset visits min(n, 1000) once and raises only past it; checkpoint visits all', async () => {
    const idm = await e2e.client();
    // Page sizes from 35 keep each listing of up to 1037 records within 30 pages.
    const property = fc.assert(
      fc.asyncProperty(
        fc.constantFrom(999, 1000, 1001, 1037),
        fc.integer({ min: Math.ceil(1037 / MAX_PAGES_PER_RUN), max: 50 }),
        async (size, pageSize) => {
          seed(0, size);
          const expected = newestFirstLogs().map((event) => event.log_id);
          const byCheckpoint = await idm.logs.list({ take: pageSize }).toArray();
          expect(byCheckpoint.map((event) => event.log_id)).toEqual(expected);
          const seen: string[] = [];
          let failure: unknown;
          try {
            for await (const event of idm.logs.list({ per_page: pageSize }))
              seen.push(event.log_id);
          } catch (error) {
            failure = error;
          }
          expect(seen).toEqual(expected.slice(0, OFFSET_REACH));
          if (size > OFFSET_REACH) expect(failure).toBeInstanceOf(BadRequestError);
          else expect(failure).toBeUndefined();
        },
      ),
      { numRuns: 6 },
    );
    await within(100_000, '6 runs of both paginations around the offset reach', property);
  }, 120_000);
});
