/**
 * What the docs server answers to fields it does not know: a 400 in the interface's own error
 * format that names the field, as the service does. (The client refuses them before sending: the
 * conventions suite checks that for every client.)
 */
import { describe, expect, it } from 'vitest';
import { useDocsServer } from './support/e2e';

const h = useDocsServer();

async function errorBody(response: Promise<Response>) {
  const res = await response;
  return {
    status: res.status,
    body: (await res.json()) as { error: { code: number; message: string } },
  };
}

describe('unknown fields, end to end', () => {
  it('the server refuses an unknown body field by name, in its own 400 format', async () => {
    const { status, body } = await errorBody(
      h.raw('PATCH', '/spaces/space_handbook', { body: { titel: 'Handbook' } }),
    );
    expect(status).toBe(400);
    expect(body.error.code).toBe(400);
    expect(body.error.message).toContain('titel');
  });

  it('the server refuses an unknown query parameter by name, in its own 400 format', async () => {
    const { status, body } = await errorBody(
      h.raw('GET', '/spaces/space_handbook/search?query=a&q=b'),
    );
    expect(status).toBe(400);
    expect(body.error.message).toContain('unknown field q');
  });
});
