import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  type Client,
  InternalServerError,
  MAX_PAYLOAD_BYTES,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitError,
  RequestValidationError,
} from '../src/index';
import { START, serverLogs, useServer } from './support/e2e';
import { rejectionOf } from './support/unit';

const e2e = useServer();

const seededClients = () => (e2e.server.inspect('idm') as { clients: Client[] }).clients;

/**
 * A valid create body as JSON text exactly `bytes` bytes long: the padding is whitespace, since no
 * field of a valid client may be long enough to fill a megabyte.
 */
function jsonOfSize(bytes: number): string {
  const json = JSON.stringify({ name: 'big' });
  return `${json.slice(0, -1)}${' '.repeat(bytes - json.length)}}`;
}

/** A body whose JSON is exactly `bytes` bytes long, for the client's own size check (no schema). */
function bodyOfSize(bytes: number) {
  const empty = JSON.stringify({ name: 'big', client_metadata: { pad: '' } });
  return { name: 'big', client_metadata: { pad: 'p'.repeat(bytes - empty.length) } };
}

describe('clients', () => {
  it('creates a client (201) that get returns and the listing includes', async () => {
    const idm = await e2e.client();
    const { data: created, response } = await idm.clients
      .create({ name: 'Billing', app_type: 'spa', callbacks: ['https://billing.test/cb'] })
      .withResponse();
    expect(response.status).toBe(201);
    expect(created.client_id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(await idm.clients.get(created.client_id)).toEqual(created);
    const all = await idm.clients.list({ take: 50 }).toArray();
    expect(all.at(-1)).toEqual(created);
  });

  it('updates only the given properties', async () => {
    const idm = await e2e.client();
    const [first] = seededClients();
    const updated = await idm.clients.update(first!.client_id, { description: 'Changed' });
    expect(updated).toEqual({ ...first, description: 'Changed' });
  });

  it('deletes a client (204), after which get answers 404 inexistent_client', async () => {
    const idm = await e2e.client();
    const [first] = seededClients();
    const { response } = await idm.clients.delete(first!.client_id).withResponse();
    expect(response.status).toBe(204);
    const error = await rejectionOf(idm.clients.get(first!.client_id));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'inexistent_client' });
  });

  it('answers 204 again when the client is already deleted, so a retried delete is harmless', async () => {
    const idm = await e2e.client();
    await idm.clients.delete('no-such-client');
  });

  it('answers 404 inexistent_client when updating a client that does not exist', async () => {
    const idm = await e2e.client();
    const error = await rejectionOf(idm.clients.update('no-such-client', { name: 'x' }));
    expect(error).toMatchObject({ status: 404, code: 'inexistent_client' });
  });

  it('answers 400 invalid_body, naming the field, to a body that breaks a rule', async () => {
    const response = await e2e.fetch('/api/v2/clients', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '', colour: 'red' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      errorCode: 'invalid_body',
    });
    expect(body.message).toContain('name must not be empty');
    expect(body.message).toContain('unknown field colour');
  });

  it('answers 400 invalid_body to malformed JSON', async () => {
    const response = await e2e.fetch('/api/v2/clients', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(await response.json()).toMatchObject({ statusCode: 400, errorCode: 'invalid_body' });
  });
});

describe('logs', () => {
  it('gets a log event by id, and answers 404 inexistent_log to an unknown one', async () => {
    const idm = await e2e.client();
    const [newest] = (await idm.logs.list({ take: 1 })).items;
    expect(await idm.logs.get(newest!.log_id)).toEqual(newest);
    expect(await rejectionOf(idm.logs.get('log_nope'))).toMatchObject({
      status: 404,
      code: 'inexistent_log',
    });
  });

  it('lists log events newest first', async () => {
    const idm = await e2e.client();
    const dates = (await idm.logs.list({ take: 50 })).items.map((event) => event.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('every mutating request appends a log event', () => {
  it('records create, update and delete as sapi events with method, path, status and caller', async () => {
    const idm = await e2e.client();
    const created = await idm.clients.create({ name: 'Audited' });
    await idm.clients.update(created.client_id, { name: 'Audited 2' });
    await idm.clients.delete(created.client_id);
    const events = serverLogs(e2e.server).slice(-3);
    expect(events.map((event) => [event.type, event.description, event.details?.status])).toEqual([
      ['sapi', 'Create a client', 201],
      ['sapi', 'Update a client', 200],
      ['sapi', 'Delete a client', 204],
    ]);
    expect(events[1]).toMatchObject({
      client_id: 'idm_dev_full_access',
      date: new Date(START).toISOString(),
      details: { method: 'PATCH', path: `/api/v2/clients/${created.client_id}` },
    });
  });

  it('records refused mutating requests as fapi events with the error', async () => {
    const idm = await e2e.client({ scopes: ['read:clients'] });
    await rejectionOf(idm.clients.create({ name: 'Refused' }));
    expect(serverLogs(e2e.server).at(-1)).toMatchObject({
      type: 'fapi',
      details: { status: 403, error: { code: 'insufficient_scope' } },
    });
  });

  it('records nothing for GET requests', async () => {
    const idm = await e2e.client();
    const before = serverLogs(e2e.server).length;
    await idm.clients.list();
    await idm.logs.list({ per_page: 5 });
    expect(serverLogs(e2e.server)).toHaveLength(before);
  });
});

describe('X-Correlation-ID', () => {
  it('is stored on the log event of a POST, PATCH and DELETE as details.correlation_id', async () => {
    const idm = await e2e.client();
    const created = await idm.clients.create({ name: 'Traced' }, { correlationId: 'op-create' });
    await idm.clients.update(created.client_id, { name: 'T' }, { correlationId: 'op-update' });
    await idm.clients.delete(created.client_id, { correlationId: 'op-delete' });
    const ids = serverLogs(e2e.server)
      .slice(-3)
      .map((event) => event.details?.correlation_id);
    expect(ids).toEqual(['op-create', 'op-update', 'op-delete']);
  });

  it('is honoured on PUT', async () => {
    const response = await e2e.fetch('/api/v2/clients/x', {
      method: 'PUT',
      headers: { 'x-correlation-id': 'op-put' },
    });
    expect(response.status).toBe(404);
    expect(serverLogs(e2e.server).at(-1)?.details?.correlation_id).toBe('op-put');
  });

  it('is cut to 64 characters by the server when a longer one is sent', async () => {
    const long = `${'a'.repeat(64)}${'z'.repeat(30)}`;
    const response = await e2e.fetch('/api/v2/clients', {
      method: 'POST',
      headers: { 'x-correlation-id': long, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Long id' }),
    });
    expect(response.status).toBe(201);
    expect(serverLogs(e2e.server).at(-1)?.details?.correlation_id).toBe('a'.repeat(64));
  });

  it('keeps a 64-character id whole, cut by the client when longer', async () => {
    const idm = await e2e.client();
    const exact = 'x'.repeat(64);
    await idm.clients.create({ name: 'A' }, { correlationId: exact });
    await idm.clients.create({ name: 'B' }, { correlationId: `${exact}yyyy` });
    const [a, b] = serverLogs(e2e.server).slice(-2);
    expect(a?.details?.correlation_id).toBe(exact);
    expect(b?.details?.correlation_id).toBe(exact);
  });

  it('is ignored on GET: it leaves no trace', async () => {
    const response = await e2e.fetch('/api/v2/clients?take=1', {
      headers: { 'x-correlation-id': 'on-get' },
    });
    expect(response.status).toBe(200);
    expect(JSON.stringify(e2e.server.inspect('idm'))).not.toContain('on-get');
  });
});

describe('idm.request and idm.paginate apply the same conventions', () => {
  it('idm.request sends a PATCH with its correlation id, and the server logs it', async () => {
    const idm = await e2e.client();
    const [first] = seededClients();
    const updated = await idm.request<Client>(
      'PATCH',
      `clients/${first!.client_id}`,
      { body: { name: 'Via request' } },
      { correlationId: 'raw-patch' },
    );
    expect(updated.name).toBe('Via request');
    expect(serverLogs(e2e.server).at(-1)?.details?.correlation_id).toBe('raw-patch');
  });

  it('idm.paginate lists every log event by checkpoint, and the first 1000 by offset', async () => {
    const idm = await e2e.client();
    expect(await idm.paginate('logs', { take: 50 }).toArray()).toHaveLength(1550);
    const offset = await idm.paginate('/logs', { page: 19, per_page: 50 });
    expect(offset.items).toHaveLength(50);
    expect(await rejectionOf(offset.getNextPage())).toBeInstanceOf(BadRequestError);
  });
});

describe('issue 13 conventions against the reference server', () => {
  it('takes the server origin as baseUrl, with or without a trailing slash, and appends /api/v2', async () => {
    for (const baseUrl of [e2e.url, `${e2e.url}/`]) {
      const idm = await e2e.client({ baseUrl });
      expect((await idm.clients.list({ take: 2 })).items).toHaveLength(2);
    }
  });

  it('refuses an unknown body field by name before any request: the server sees nothing', async () => {
    const idm = await e2e.client();
    const before = serverLogs(e2e.server).length;
    const error = await rejectionOf(
      idm.clients.create({ name: 'Typo', app_typ: 'spa' } as { name: string }),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toContain('has unknown field app_typ');
    expect(serverLogs(e2e.server)).toHaveLength(before);
  });

  it('idm.request reaches a field the schemas refuse, and the server answers in its own 400 format', async () => {
    const idm = await e2e.client();
    const error = await rejectionOf(
      idm.request('POST', 'clients', { body: { name: 'Typo', app_typ: 'spa' } }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
    });
  });
});

describe('request bodies are JSON', () => {
  it('answers 415 to a body sent as text/plain, in the interface error format, and creates nothing', async () => {
    const before = seededClients().length;
    const response = await e2e.fetch('/api/v2/clients', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ name: 'Plain text app' }),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'Request bodies must be JSON, sent with Content-Type: application/json',
      errorCode: 'unsupported_media_type',
    });
    expect(seededClients()).toHaveLength(before);
  });

  it('accepts application/json with a charset, and bodiless DELETE requests', async () => {
    const created = await e2e.fetch('/api/v2/clients', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ name: 'Charset app' }),
    });
    expect(created.status).toBe(201);
    const { client_id } = (await created.json()) as { client_id: string };
    expect((await e2e.fetch(`/api/v2/clients/${client_id}`, { method: 'DELETE' })).status).toBe(
      204,
    );
  });
});

describe('1 MB payload limit', () => {
  it('accepts a body of exactly 1,048,576 bytes', async () => {
    const response = await e2e.fetch('/api/v2/clients', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: jsonOfSize(MAX_PAYLOAD_BYTES),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ name: 'big' });
  });

  it('answers 413 to a body of 1,048,577 bytes announced by Content-Length', async () => {
    const response = await e2e.fetch('/api/v2/clients', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: jsonOfSize(MAX_PAYLOAD_BYTES + 1),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Payload content length greater than maximum allowed: 1048576',
      errorCode: 'payload_too_large',
    });
  });

  it('answers 413 to a streamed body without Content-Length once it passes 1,048,576 bytes', async () => {
    const bytes = new TextEncoder().encode(jsonOfSize(MAX_PAYLOAD_BYTES + 1));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 65_536)
          controller.enqueue(bytes.slice(at, at + 65_536));
        controller.close();
      },
    });
    const response = await e2e.fetch('/api/v2/clients', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(seededClients().some((client) => client.name === 'big')).toBe(false);
  });

  it('accepts a streamed body of exactly 1,048,576 bytes', async () => {
    const bytes = new TextEncoder().encode(jsonOfSize(MAX_PAYLOAD_BYTES));
    const response = await e2e.fetch('/api/v2/clients', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(201);
  });

  it('is refused by the client before sending: nothing reaches the server', async () => {
    const idm = await e2e.client();
    const before = serverLogs(e2e.server).length;
    const body = bodyOfSize(MAX_PAYLOAD_BYTES + 1);
    const error = await rejectionOf(idm.request('POST', 'clients', { body }));
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect(serverLogs(e2e.server)).toHaveLength(before);
  });
});

describe('error body {statusCode, error, message, errorCode} everywhere under the prefixes', () => {
  const shape = {
    statusCode: expect.any(Number),
    error: expect.any(String),
    message: expect.any(String),
    errorCode: expect.any(String),
  };

  it('on an unknown route', async () => {
    const response = await e2e.fetch('/api/v2');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ ...shape, statusCode: 404, errorCode: 'not_found' });
  });

  it('on a query that breaks a rule (400 invalid_query_string)', async () => {
    const response = await e2e.fetch('/api/v2/clients?colour=red');
    expect(await response.json()).toMatchObject({
      statusCode: 400,
      errorCode: 'invalid_query_string',
    });
  });

  it('on injected faults: 500 and 503 become InternalServerError', async () => {
    const idm = await e2e.client();
    for (const status of [500, 503]) {
      e2e.server.faults.add({ path: '/api/v2/clients', status });
      const error = await rejectionOf(idm.clients.list());
      expect(error).toBeInstanceOf(InternalServerError);
      expect((error as InternalServerError).body).toEqual({ ...shape, statusCode: status });
    }
  });

  it('except on the token route, which answers OAuth errors {error, error_description}', async () => {
    const response = await fetch(`${e2e.url}/oauth/token`, { method: 'POST', body: '[' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_request',
      error_description: expect.any(String),
    });
  });

  it('is mapped to BadRequestError with the errorCode as code', async () => {
    const idm = await e2e.client();
    const error = await rejectionOf(idm.request('GET', 'clients', { query: { page: 'x' } }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ code: 'invalid_query_string' });
  });
});

describe('rate-limit headers', () => {
  const epochReset = Math.ceil((START + 60_000) / 1000);

  it('are on every answer: success, error, token route, unknown route and injected fault', async () => {
    e2e.server.faults.add({ path: '/api/v2/logs', status: 503 });
    const answers = [
      await e2e.fetch('/api/v2/clients?take=1'),
      await e2e.fetch('/api/v2/clients', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      await e2e.fetch('/api/v2/nowhere', { scopes: ['read:nowhere'] }),
      await e2e.fetch('/api/v2/logs'),
      await fetch(`${e2e.url}/api/v2/clients`),
      await fetch(`${e2e.url}/oauth/token`, { method: 'POST', body: '{}' }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 400, 404, 503, 401, 400]);
    for (const response of answers) {
      expect(response.headers.get('x-ratelimit-limit')).toBe('1000');
      expect(Number(response.headers.get('x-ratelimit-remaining'))).toBeLessThan(1000);
      expect(response.headers.get('x-ratelimit-reset')).toBe(String(epochReset));
    }
  });

  it('count down within a window and start again in the next one (reset in epoch seconds on the server clock)', async () => {
    const first = await e2e.fetch('/api/v2/clients?take=1');
    const second = await e2e.fetch('/api/v2/clients?take=1');
    expect(Number(first.headers.get('x-ratelimit-remaining')) - 1).toBe(
      Number(second.headers.get('x-ratelimit-remaining')),
    );
    await e2e.server.clock.advance('1m');
    const later = await e2e.fetch('/api/v2/clients?take=1');
    expect(later.headers.get('x-ratelimit-remaining')).toBe('999');
    expect(later.headers.get('x-ratelimit-reset')).toBe(String(epochReset + 60));
  });

  it('are not enforced by default: a spent budget reports remaining 0 and requests still succeed', async () => {
    e2e.server.idm.configureRateLimit({ limit: 2 });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await e2e.fetch('/api/v2/clients?take=1'));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(answers.at(-1)?.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('answer 429 too_many_requests with Retry-After once an enforced budget is spent, until the window ends', async () => {
    e2e.server.idm.configureRateLimit({ limit: 2, window: '1m', enforce: true });
    const idm = await e2e.client();
    await idm.clients.list({ take: 1 });
    await idm.clients.list({ take: 1 });
    const error = await rejectionOf(idm.clients.list({ take: 1 }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ code: 'too_many_requests', retryAfter: 60 });
    await e2e.server.clock.advance('1m');
    await idm.clients.list({ take: 1 });
  });

  it("carry Retry-After only on the rate limiter's own 429, not on an injected one", async () => {
    e2e.server.faults.add({ path: '/api/v2/clients', status: 429 });
    const response = await e2e.fetch('/api/v2/clients');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(response.headers.get('x-ratelimit-limit')).toBe('1000');
  });
});
