import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReferenceServer, type Exchange, type ReferenceServer } from '../src/index';

const auth = { authorization: 'Bearer docs-dev-user-ada' };

describe('onExchange', () => {
  let server: ReferenceServer;
  let url: string;
  const seen: Exchange[] = [];
  const logError = vi.fn();

  beforeAll(async () => {
    server = await createReferenceServer({
      logError,
      onExchange: (exchange) => seen.push(exchange),
    });
    url = (await server.listen(0)).url;
  });
  beforeEach(() => {
    seen.length = 0;
    server.reset();
  });
  afterAll(() => server.close());

  it('reports an answer sent over HTTP with the request method and path, and a copy of the answer', async () => {
    const response = await fetch(`${url}/v1/spaces/space_handbook`, { headers: auth });
    const body = await response.json();
    expect(seen).toHaveLength(1);
    const [{ request, response: copy }] = seen as [Exchange];
    expect(request).toEqual({
      method: 'GET',
      url: `${url}/v1/spaces/space_handbook`,
      path: '/v1/spaces/space_handbook',
    });
    expect(copy.status).toBe(200);
    expect(copy.headers.get('x-request-id')).toBe(response.headers.get('x-request-id'));
    expect(await copy.json()).toEqual(body);
  });

  it('reports answers given in-process through server.fetch, errors and unknown routes included', async () => {
    const answers = await Promise.all([
      server.fetch('http://in-process.test/v1/users/nobody', { headers: auth }),
      server.fetch('http://in-process.test/no/such/route/', { method: 'DELETE' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404]);
    const reported = seen.map(({ request, response }) => [
      request.method,
      request.path,
      response.status,
    ]);
    expect(reported).toEqual(
      expect.arrayContaining([
        ['GET', '/v1/users/nobody', 404],
        ['DELETE', '/no/such/route/', 404],
      ]),
    );
    expect(reported).toHaveLength(2);
  });

  it('leaves the answer the client reads whole when the copy is read first', async () => {
    const response = await fetch(`${url}/v1/`, { headers: auth });
    const copied = await seen[0]!.response.text();
    expect(copied.length).toBeGreaterThan(0);
    expect(await response.text()).toBe(copied);
  });

  it('does not report a connection dropped by an injected fault: the client gets no answer', async () => {
    server.faults.add({ method: 'GET', path: '/v1/', drop: true });
    await expect(server.fetch('http://in-process.test/v1/', { headers: auth })).rejects.toThrow(
      'fetch failed',
    );
    expect(seen).toEqual([]);
  });

  it('logs an observer that throws and still answers the request unchanged', async () => {
    const throwing = await createReferenceServer({
      logError,
      onExchange: () => {
        throw new Error('observer broke');
      },
    });
    try {
      const response = await throwing.fetch('http://in-process.test/v1/', { headers: auth });
      expect(response.status).toBe(200);
      expect(logError).toHaveBeenCalledWith('onExchange failed for GET /v1/', expect.any(Error));
    } finally {
      await throwing.close();
    }
  });
});
