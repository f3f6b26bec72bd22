import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReferenceServer, type FaultSpec, type ReferenceServer } from '../src/index';

let server: ReferenceServer;
let url: string;

beforeAll(async () => {
  server = await createReferenceServer({ admin: true, clock: { frozen: true } });
  ({ url } = await server.listen(0));
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const idmToken = () => server.idm.mintToken({ scopes: ['read:clients'] });
const addByAdmin = (fault: unknown) =>
  fetch(`${url}/__admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });

describe('a status fault carries the response headers it is given', () => {
  it('answers a 429 with X-RateLimit-Reset in epoch seconds and no Retry-After', async () => {
    server.faults.add({
      path: '/api/v2/clients',
      status: 429,
      headers: { 'X-RateLimit-Reset': 1_767_225_600 },
    });
    const response = await fetch(`${url}/api/v2/clients`, {
      headers: { authorization: `Bearer ${await idmToken()}` },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('x-ratelimit-reset')).toBe('1767225600');
    expect(response.headers.has('retry-after')).toBe(false);
    expect(await response.json()).toMatchObject({ statusCode: 429 });
  });

  it('answers a 503 with Retry-After: garbage, added through the admin route', async () => {
    const added = await addByAdmin({
      method: 'GET',
      path: '/api/v2/',
      status: 503,
      headers: { 'Retry-After': 'garbage' },
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ headers: { 'Retry-After': 'garbage' } });
    const response = await fetch(`${url}/api/v2/clients`, {
      headers: { authorization: `Bearer ${await idmToken()}` },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('garbage');
  });

  it('keeps retryAfter as a shorthand for the Retry-After header, next to other headers', async () => {
    server.faults.add({ path: '/v1/', status: 503, retryAfter: 7, headers: { 'X-Extra': 'yes' } });
    const response = await fetch(`${url}/v1/`, {
      headers: { authorization: 'Bearer docs-dev-user-ada' },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.headers.get('x-extra')).toBe('yes');
  });

  it("sets a fault's header over the interface's own header of that name", async () => {
    server.faults.add({ path: '/api/v2/', status: 500, headers: { 'x-ratelimit-limit': '3' } });
    const response = await fetch(`${url}/api/v2/clients`, {
      headers: { authorization: `Bearer ${await idmToken()}` },
    });
    expect(response.headers.get('x-ratelimit-limit')).toBe('3');
  });

  it('is not changed by changing the object it was added from', async () => {
    const headers: Record<string, string> = { 'Retry-After': '1' };
    server.faults.add({ path: '/v1/', status: 503, headers });
    headers['Retry-After'] = 'bad\r\nvalue';
    const response = await fetch(`${url}/v1/`, {
      headers: { authorization: 'Bearer docs-dev-user-ada' },
    });
    expect(response.headers.get('retry-after')).toBe('1');
  });
});

describe('fault headers are checked when the fault is added', () => {
  const refused: [string, FaultSpec, string][] = [
    ['a name that is not a token', { status: 503, headers: { 'Retry After': '1' } }, 'header name'],
    [
      'a value with a line break',
      { status: 503, headers: { 'Retry-After': '1\r\nSet-Cookie: a=b' } },
      'without line breaks',
    ],
    ['a value that is not text', { status: 503, headers: { 'X-A': true as never } }, 'X-A'],
    [
      'the request id the server sets itself',
      { status: 503, headers: { 'X-Request-Id': 'mine' } },
      'set by the server',
    ],
    [
      'a header that frames the body',
      { status: 503, headers: { 'Content-Length': '0' } },
      'set by the server',
    ],
    [
      'Retry-After both as retryAfter and in headers',
      { status: 503, retryAfter: 1, headers: { 'retry-after': '2' } },
      'once',
    ],
    ['headers without a status', { drop: true, headers: { 'X-A': '1' } }, 'go with status'],
    ['retryAfter without a status', { latencyMs: 1, retryAfter: 1 }, 'go with status'],
    ['a negative retryAfter', { status: 503, retryAfter: -1 }, 'retryAfter'],
  ];

  it.each(refused)(
    'refuses %s, through faults.add and the admin route, adding nothing',
    async (_, fault, words) => {
      expect(() => server.faults.add(fault)).toThrow(words);
      const response = await addByAdmin(fault);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toContain(words);
      expect(server.faults.list()).toEqual([]);
    },
  );
});
