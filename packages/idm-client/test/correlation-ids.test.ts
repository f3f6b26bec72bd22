/**
 * idm's correlation ids: `correlationId` on a mutating call is sent as X-Correlation-ID, cut to
 * the 64 characters the service keeps, and refused where the service would not read it.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { IdmClient, RequestValidationError } from '../src/index';
import { fakeJwt, ORIGIN, rejectionOf, useNock } from './support/unit';

useNock();

const token = fakeJwt(['read:clients', 'create:clients', 'update:clients', 'delete:clients']);
const idm = new IdmClient({ baseUrl: ORIGIN, token, retry: 0 });
const client = { client_id: 'abc', name: 'Billing' };

describe('X-Correlation-ID', () => {
  it('is sent on POST, PATCH and DELETE when correlationId is given', async () => {
    nock(ORIGIN, { reqheaders: { 'x-correlation-id': 'op-1' } })
      .post('/api/v2/clients')
      .reply(201, client)
      .patch('/api/v2/clients/abc')
      .reply(200, client)
      .delete('/api/v2/clients/abc')
      .reply(204);
    await idm.clients.create({ name: 'Billing' }, { correlationId: 'op-1' });
    await idm.clients.update('abc', { name: 'B' }, { correlationId: 'op-1' });
    await idm.clients.delete('abc', { correlationId: 'op-1' });
  });

  it('is cut to its first 64 characters', async () => {
    const long = `${'a'.repeat(64)}${'b'.repeat(36)}`;
    nock(ORIGIN, { reqheaders: { 'x-correlation-id': 'a'.repeat(64) } })
      .post('/api/v2/clients')
      .reply(201, client);
    await idm.clients.create({ name: 'Billing' }, { correlationId: long });
  });

  it('is sent on PUT through idm.request', async () => {
    nock(ORIGIN, { reqheaders: { 'x-correlation-id': 'put-1' } })
      .put('/api/v2/widgets/w1', { size: 2 })
      .reply(200, {});
    await idm.request('PUT', 'widgets/w1', { body: { size: 2 } }, { correlationId: 'put-1' });
  });

  it('is not sent on mutating requests without correlationId, or with correlationId undefined', async () => {
    nock(ORIGIN, { badheaders: ['x-correlation-id'] })
      .post('/api/v2/clients')
      .twice()
      .reply(201, client);
    await idm.clients.create({ name: 'Billing' });
    await idm.clients.create({ name: 'Billing' }, { correlationId: undefined });
  });

  it('is refused on GET requests, by the types and at run time', async () => {
    const error = await rejectionOf(
      // @ts-expect-error correlationId is only an option of mutating methods
      idm.request('GET', 'clients', {}, { correlationId: 'x' }),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toContain(
      'correlationId is only sent with POST, PUT, PATCH and DELETE',
    );
    // @ts-expect-error read methods take RequestOptions only
    expect(await rejectionOf(idm.clients.get('abc', { correlationId: 'x' }))).toBeInstanceOf(
      RequestValidationError,
    );
  });

  it('is refused when it is not printable ASCII', async () => {
    const error = await rejectionOf(idm.clients.create({ name: 'x' }, { correlationId: 'café\n' }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]?.path).toBe('correlationId');
  });
});
