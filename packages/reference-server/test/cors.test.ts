import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../src/index';

let server: ReferenceServer;
let url: string;

beforeAll(async () => {
  server = await createReferenceServer({ clock: { frozen: true } });
  ({ url } = await server.listen(0));
});
afterAll(() => server.close());

const PAGE = 'https://app.example';
const listOf = (header: string | null) =>
  (header ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);

function preflight(path: string, method: string, requestHeaders: string) {
  return fetch(`${url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin: PAGE,
      'access-control-request-method': method,
      'access-control-request-headers': requestHeaders,
    },
  });
}

describe('CORS preflights answer with the allowed request headers, not with what was asked', () => {
  it('allows the headers the clients and the protocols send, trace context included', async () => {
    const asked =
      'authorization, content-type, idempotency-key, service-version, traceparent, tracestate, baggage';
    const response = await preflight('/v2/billing/meter_event_stream', 'POST', asked);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = listOf(response.headers.get('access-control-allow-headers'));
    for (const name of listOf(asked)) expect(allowed).toContain(name);
    expect(allowed).toEqual(
      expect.arrayContaining([
        'accept',
        'x-mail-account-token',
        'x-correlation-id',
        'x-http-method-override',
        'x-wp-nonce',
      ]),
    );
  });

  it('does not allow a header outside the list, however it is asked for', async () => {
    const response = await preflight('/v1/spaces', 'GET', 'authorization, x-not-allowed');
    const allowed = listOf(response.headers.get('access-control-allow-headers'));
    expect(allowed).toContain('authorization');
    expect(allowed).not.toContain('x-not-allowed');
    const alone = await preflight('/v1/spaces', 'GET', 'x-not-allowed');
    expect(listOf(alone.headers.get('access-control-allow-headers'))).not.toContain(
      'x-not-allowed',
    );
  });
});

describe('CORS exposes the answer headers clients read', () => {
  it('lists request ids, rate limits, links and the calendar paging headers on an ordinary answer', async () => {
    const response = await fetch(`${url}/wp-json/calendar/events/v1/events`, {
      headers: { origin: PAGE },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-tec-total')).not.toBeNull();
    expect(listOf(response.headers.get('access-control-expose-headers'))).toEqual(
      expect.arrayContaining([
        'x-request-id',
        'request-id',
        'retry-after',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'link',
        'x-tec-total',
        'x-tec-totalpages',
      ]),
    );
  });
});

describe('metering answers carry Request-Id, the same id as x-request-id', () => {
  const stream = 'http://reference.test/v2/billing/meter_event_stream';
  const session = 'http://reference.test/v2/billing/meter_event_session';
  const sameIds = (response: Response) => {
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^req_/);
    expect(response.headers.get('request-id')).toBe(id);
  };

  it('on a success, a refusal, an injected fault and a replay', async () => {
    const key = { authorization: 'Bearer sk_test_clientkit_dev_key', 'idempotency-key': 'rid-1' };
    const created = await server.fetch(session, { method: 'POST', headers: key });
    expect(created.status).toBe(200);
    sameIds(created);
    const replayed = await server.fetch(session, { method: 'POST', headers: key });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    sameIds(replayed);
    expect(replayed.headers.get('request-id')).not.toBe(created.headers.get('request-id'));
    const refused = await server.fetch(stream, { method: 'POST' });
    expect(refused.status).toBe(401);
    sameIds(refused);
    server.faults.add({ path: '/v2/billing/', status: 503 });
    const failed = await server.fetch(session, { method: 'POST' });
    expect(failed.status).toBe(503);
    sameIds(failed);
  });

  it('is metering’s own: the other interfaces send x-request-id only', async () => {
    const response = await server.fetch('http://reference.test/v1/', {
      headers: { authorization: 'Bearer docs-dev-user-ada' },
    });
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    expect(response.headers.has('request-id')).toBe(false);
  });
});
