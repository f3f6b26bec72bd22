import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  IdmClient,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
} from '../src/index';
import { fakeJwt, idmError, ORIGIN, rejectionOf, useNock } from './support/unit';

useNock();

const token = fakeJwt(['read:clients']);
const idm = new IdmClient({ baseUrl: ORIGIN, token, retry: 0 });
const client = { client_id: 'abc', name: 'Billing' };

describe('idm.clients (unit)', () => {
  it('get sends GET /api/v2/clients/{id} with the bearer token and the JSON accept header', async () => {
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${token}`, accept: 'application/json' } })
      .get('/api/v2/clients/abc')
      .reply(200, client);
    expect(await idm.clients.get('abc')).toEqual(client);
  });

  it('get percent-encodes the id', async () => {
    nock(ORIGIN).get('/api/v2/clients/a%2Fb').reply(200, client);
    await idm.clients.get('a/b');
  });

  it('create sends POST /api/v2/clients with the JSON body and resolves to the 201 client', async () => {
    const body = { name: 'Billing', app_type: 'spa' as const, callbacks: ['https://a.test/cb'] };
    nock(ORIGIN, { reqheaders: { 'content-type': 'application/json' } })
      .post('/api/v2/clients', body)
      .reply(201, { ...client, ...body });
    const created = await idm.clients.create(body);
    expect(created.app_type).toBe('spa');
  });

  it('update sends PATCH /api/v2/clients/{id} with only the changes', async () => {
    nock(ORIGIN)
      .patch('/api/v2/clients/abc', { description: 'new' })
      .reply(200, { ...client, description: 'new' });
    expect((await idm.clients.update('abc', { description: 'new' })).description).toBe('new');
  });

  it('delete sends DELETE /api/v2/clients/{id} and resolves to undefined on 204', async () => {
    nock(ORIGIN).delete('/api/v2/clients/abc').reply(204);
    expect(await idm.clients.delete('abc')).toBeUndefined();
  });

  it('exposes the response and its request id through withResponse()', async () => {
    nock(ORIGIN).get('/api/v2/clients/abc').reply(200, client, { 'x-request-id': 'req_1' });
    const { data, requestId, response } = await idm.clients.get('abc').withResponse();
    expect(data).toEqual(client);
    expect(requestId).toBe('req_1');
    expect(response.status).toBe(200);
  });
});

describe('client-side validation of clients (no request is made)', () => {
  it('refuses a create body without a name, naming the field', async () => {
    const error = await rejectionOf(idm.clients.create({ name: '' }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'name', message: 'must not be empty' },
    ]);
  });

  it('refuses a description over 140 characters', async () => {
    const error = (await rejectionOf(
      idm.clients.create({ name: 'x', description: 'd'.repeat(141) }),
    )) as RequestValidationError;
    expect(error.issues[0]).toEqual({
      path: 'description',
      message: 'must be at most 140 characters long',
    });
  });

  it('refuses callbacks that are not URLs and an unknown app_type', async () => {
    const error = (await rejectionOf(
      idm.clients.create({
        name: 'x',
        callbacks: ['not a url'],
        app_type: 'desktop' as 'spa',
      }),
    )) as RequestValidationError;
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(['app_type', 'callbacks[0]']);
  });

  it('refuses unknown fields in a body', async () => {
    const error = (await rejectionOf(
      idm.clients.create({ name: 'x', colour: 'red' } as { name: string }),
    )) as RequestValidationError;
    expect(error.message).toContain('has unknown field colour');
  });

  it('refuses an update that changes nothing', async () => {
    const error = await rejectionOf(idm.clients.update('abc', {}));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toContain(
      'must change at least one of name, description, app_type',
    );
  });

  it('refuses an empty id', async () => {
    const error = (await rejectionOf(idm.clients.get(''))) as RequestValidationError;
    expect(error.issues).toEqual([
      { path: 'clientId', message: 'must be a non-empty string or a whole number' },
    ]);
  });
});

describe('error bodies {statusCode, error, message, errorCode} map to the core error classes', () => {
  const cases = [
    [400, 'Bad Request', 'invalid_body', BadRequestError],
    [401, 'Unauthorized', 'invalid_token', AuthenticationError],
    [403, 'Forbidden', 'insufficient_scope', PermissionDeniedError],
    [404, 'Not Found', 'inexistent_client', NotFoundError],
    [429, 'Too Many Requests', 'too_many_requests', RateLimitError],
    [500, 'Internal Server Error', 'internal_error', InternalServerError],
  ] as const;
  for (const [status, phrase, code, ErrorClass] of cases) {
    it(`maps ${status} ${code} to ${ErrorClass.name} with its code, message and request id`, async () => {
      nock(ORIGIN)
        .get('/api/v2/clients/abc')
        .reply(status, idmError(status, phrase, `failed with ${status}`, code), {
          'x-request-id': 'req_9',
        });
      const error = await rejectionOf(idm.clients.get('abc'));
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error).toMatchObject({ status, code, requestId: 'req_9' });
      expect((error as Error).message).toContain(`failed with ${status}`);
    });
  }

  it('reads retryAfter of a 429', async () => {
    nock(ORIGIN)
      .get('/api/v2/clients/abc')
      .reply(429, idmError(429, 'Too Many Requests', 'slow down', 'too_many_requests'), {
        'retry-after': '3',
      });
    const error = (await rejectionOf(idm.clients.get('abc'))) as RateLimitError;
    expect(error.retryAfter).toBe(3);
  });
});
