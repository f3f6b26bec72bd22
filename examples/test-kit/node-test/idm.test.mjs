import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { PermissionDeniedError } from '@clientkit/idm-client';
import { createReferenceServer } from '@clientkit/reference-server/testing';

const server = await createReferenceServer();
after(() => server.close());

test('the development machine client may create clients', async () => {
  const { idm } = server.clients();
  const created = await idm.clients.create({ name: 'Portal', app_type: 'spa' });
  assert.equal(created.name, 'Portal');
});

test('a token with read scopes only may not', async () => {
  const token = await server.idm.mintToken({ scopes: ['read:clients'] });
  const { idm } = server.clients({ idm: { token, timeout: 5_000 } });
  await assert.rejects(
    idm.clients.create({ name: 'Refused', app_type: 'spa' }),
    PermissionDeniedError,
  );
});
