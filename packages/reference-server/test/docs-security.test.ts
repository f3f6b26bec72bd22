import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../src/index';

/** The status and error message of a docs request made with `token`. */
async function answer(token: string, path: string, init: RequestInit = {}) {
  const server = await createReferenceServer();
  try {
    const response = await server.fetch(`http://docs.test/v1${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    const body = (await response.json()) as { error?: { message?: string } };
    return { status: response.status, message: body.error?.message ?? '' };
  } finally {
    await server.close();
  }
}

describe('docs: who may call an operation', () => {
  it('answers 403 to a token of a kind the operation refuses, naming the kinds it accepts', async () => {
    const { status, message } = await answer('docs-dev-integration', '/spaces/space_handbook', {
      method: 'PATCH',
      body: JSON.stringify({ title: 'Renamed' }),
    });
    expect(status).toBe(403);
    expect(message).toMatch(/does not accept integration tokens; it accepts .*\buser\b/);
  });

  it('answers 403 to an OAuth token without the scope, naming the scope', async () => {
    const server = await createReferenceServer();
    const token = server.docs.mintToken({ scheme: 'oauth', scopes: ['space:read'] });
    const response = await server.fetch('http://docs.test/v1/spaces/space_handbook', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Renamed' }),
    });
    await server.close();
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /lacks the scope/,
    );
  });
});
