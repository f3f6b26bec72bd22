import { AuthenticationError } from '@clientkit/docs-client';
import { createReferenceServer } from '@clientkit/reference-server/testing';
import { expect, test } from 'vitest';

test('the development token signs Ada in', async () => {
  await using server = await createReferenceServer();
  const { docs } = server.clients();
  expect((await docs.user.get()).id).toBe('usr_ada');
});

test('a token the server never issued is refused', async () => {
  await using server = await createReferenceServer();
  const { docs } = server.clients({ docs: { token: 'docs-not-a-token' } });
  await expect(docs.user.get()).rejects.toBeInstanceOf(AuthenticationError);
});
