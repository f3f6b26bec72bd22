/**
 * The rules every clientkit client follows, against the reference server: the base URL, the
 * request() and paginate() escape hatches, retry options per client and per request, strict inputs.
 */
import { describe, expect, it } from 'vitest';
import {
  InternalServerError,
  MailClient,
  type MailClientOptions,
  NotFoundError,
  RequestValidationError,
  type Server,
} from '../src/index';
import { ACCOUNT_TOKEN, ACME, useMailServer } from './support/e2e';

const h = useMailServer();

function client(options: Partial<MailClientOptions> = {}): MailClient {
  return new MailClient({ baseUrl: h.url, accountToken: ACCOUNT_TOKEN, retry: 0, ...options });
}

const errorOf = (promise: PromiseLike<unknown>) =>
  Promise.resolve(promise).then(
    () => undefined,
    (error: unknown) => error,
  );

describe('the mail client’s conventions against the reference server', () => {
  it('takes the server’s origin as baseUrl, with or without a trailing slash', async () => {
    for (const baseUrl of [h.url, `${h.url}/`]) {
      expect((await client({ baseUrl }).servers.get(ACME.id)).InboundHash).toBe(ACME.hash);
    }
  });

  it('refuses a baseUrl that ends with /servers, which the client appends itself', () => {
    expect(() => client({ baseUrl: `${h.url}/servers` })).toThrow(
      'Invalid options of MailClient: baseUrl must not end with /servers',
    );
  });

  it('request() reaches a route under /servers/ with the account token and the interface’s errors', async () => {
    const server = await client().request<Server>('GET', String(ACME.id));
    expect(server.InboundHash).toBe(ACME.hash);
    const missing = await errorOf(client().request('GET', '999'));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ status: 404, code: '601' });
  });

  it('request() and paginate() refuse a path that leaves the base URL', async () => {
    for (const attempt of [
      client().request('GET', '../__admin/state/mail'),
      client().paginate('../__admin/state/mail'),
    ]) {
      expect(await errorOf(attempt)).toBeInstanceOf(RequestValidationError);
    }
  });

  it('paginate() reads a listing the server does not have as NotFoundError in its error format, without the code 0', async () => {
    const error = await errorOf(client().paginate('', { count: 10 }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).body).toMatchObject({ ErrorCode: 0 });
    expect((error as NotFoundError).code).toBeUndefined();
    expect((error as NotFoundError).message).toBe(
      `404: No route for GET /servers (GET ${h.url}/servers/?count=10&offset=0)`,
    );
  });

  it('retries as many times as the client’s retry says, and a request’s retry overrides it', async () => {
    h.server.faults.add({ method: 'GET', path: '/servers', status: 503, retryAfter: 0, count: 2 });
    const once = client({ retry: 1 });
    expect(await errorOf(once.servers.get(ACME.id))).toBeInstanceOf(InternalServerError);
    expect(h.server.faults.list()).toEqual([]);
    h.server.faults.add({ method: 'GET', path: '/servers', status: 503, retryAfter: 0, count: 2 });
    expect((await once.servers.get(ACME.id, { retry: 2 })).ID).toBe(ACME.id);
  });

  it('refuses an unknown field of servers.update by name, and the server record is unchanged', async () => {
    const before = await client().servers.get(ACME.id);
    const error = await errorOf(client().servers.update(ACME.id, { Nmae: 'Renamed' } as never));
    expect((error as Error).message).toContain('has unknown field Nmae');
    expect(await client().servers.get(ACME.id)).toEqual(before);
  });
});
