/**
 * The shared conventions end to end: what the reference server answers to unknown fields, and
 * the escape hatches and the base URL convention against it.
 */
import { describe, expect, it } from 'vitest';
import { DocsClient, NotFoundError, RequestValidationError } from '../src/index';
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

  it('the client refuses the unknown field before sending, and the space keeps its title', async () => {
    const before = await h.client().spaces.get('space_handbook');
    const error = await h
      .client()
      .spaces.update('space_handbook', { titel: 'Renamed' } as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((await h.client().spaces.get('space_handbook')).title).toBe(before.title);
  });
});

describe('escape hatches, end to end', () => {
  it('request() reaches a route by its path under /v1, with the token', async () => {
    const space = await h
      .client()
      .request<{ id: string; title: string }>('GET', 'spaces/space_handbook');
    expect(space.id).toBe('space_handbook');
    const changed = await h.client().request<{ title: string }>('PATCH', 'spaces/space_handbook', {
      body: { title: 'Raw title' },
    });
    expect(changed.title).toBe('Raw title');
  });

  it('request() rejects with the client error classes', async () => {
    const error = await h
      .client()
      .request('GET', 'spaces/space_nope')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it('paginate() reads every page of a listing through the cursor', async () => {
    const users = await h
      .client()
      .paginate<{ user: { id: string } }>('spaces/space_handbook/permissions/users', { limit: 1 })
      .toArray();
    expect(users.map((item) => item.user.id)).toEqual(['usr_ada', 'usr_brian']);
  });

  it('a client built from the origin with a trailing slash reaches /v1', async () => {
    const client = new DocsClient({ baseUrl: `${h.url}/`, token: 'docs-dev-user-ada', retry: 0 });
    expect((await client.user.get()).id).toBe('usr_ada');
  });
});
