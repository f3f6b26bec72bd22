/**
 * The length limits of lists and strings, end to end: the reference server refuses a request
 * beyond them in the docs error format, naming the field, and the client refuses it before sending.
 */
import { describe, expect, it } from 'vitest';
import { APIResponseTooLargeError, RequestValidationError } from '../src/index';
import { useDocsServer } from './support/e2e';

const h = useDocsServer();
const ids = (count: number) => Array.from({ length: count }, (_, i) => `usr_${i}`);
const longUrl = (length: number) => `https://example.com/${'a'.repeat(length - 20)}`;

/** The answer must be the docs error body with 400, its message naming `field`. */
async function refusedNaming(response: Promise<Response>, field: string) {
  const res = await response;
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: { code: number; message: string } };
  expect(body.error.code).toBe(400);
  expect(body.error.message).toContain(field);
}

describe('docs limits on the server', () => {
  it('refuses an invitation of more than 1000 users, naming users', async () => {
    await refusedNaming(
      h.raw('POST', '/spaces/space_handbook/permissions', {
        body: { role: 'read', users: ids(1001) },
      }),
      'users',
    );
  });

  it('refuses a hundred thousand short ids in one list with a 400, not a failure', async () => {
    await refusedNaming(
      h.raw('POST', '/spaces/space_handbook/permissions', {
        body: { role: 'read', teams: Array.from({ length: 100_000 }, () => 't') },
      }),
      'teams',
    );
  });

  it('refuses an invited id longer than 256 characters, naming it', async () => {
    await refusedNaming(
      h.raw('POST', '/spaces/space_handbook/permissions', {
        body: { role: 'read', users: ['u'.repeat(257)] },
      }),
      'users[0]',
    );
  });

  it('takes an invitation of exactly 1000 users to the user check (404: they do not exist)', async () => {
    const res = await h.raw('POST', '/spaces/space_handbook/permissions', {
      body: { role: 'read', users: ids(1000) },
    });
    expect(res.status).toBe(404);
  });

  it('refuses more than 50 merge rules, naming mergeRules', async () => {
    const rules = Array.from({ length: 51 }, () => ({ rule: 'require_at_least_one_review' }));
    await refusedNaming(
      h.raw('PATCH', '/spaces/space_handbook', { body: { mergeRules: { type: 'rules', rules } } }),
      'mergeRules',
    );
  });

  it('refuses a page cursor longer than 1024 characters, naming page', async () => {
    await refusedNaming(
      h.raw('GET', `/spaces/space_handbook/permissions/users?page=${'p'.repeat(1025)}`),
      'page',
    );
  });

  it('refuses a share key longer than 256 characters and an embed URL longer than 2048', async () => {
    await refusedNaming(
      h.raw('GET', `/spaces/space_handbook?shareKey=${'k'.repeat(257)}`),
      'shareKey',
    );
    await refusedNaming(
      h.raw('GET', `/spaces/space_handbook/embed?url=${encodeURIComponent(longUrl(2049))}`),
      'url',
    );
  });

  it('refuses a commit message longer than 10000 characters, naming commitMessage', async () => {
    await refusedNaming(
      h.raw('POST', '/spaces/space_handbook/git/export', {
        body: { url: 'https://git.test/r.git', ref: 'main', commitMessage: 'm'.repeat(10_001) },
      }),
      'commitMessage',
    );
  });

  it('states the limits in its OpenAPI document', async () => {
    const document = (await (await fetch(`${h.url}/v1/openapi.json`)).json()) as {
      components: {
        schemas: Record<string, { properties: Record<string, Record<string, unknown>> }>;
      };
    };
    const invite = document.components.schemas.InviteUsersAndTeams!.properties;
    expect(invite.users).toMatchObject({ maxItems: 1000, items: { maxLength: 256 } });
    expect(invite.teams).toMatchObject({ maxItems: 1000, items: { maxLength: 256 } });
  });
});

describe('docs limits in the client, against the server', () => {
  it('refuses an invitation of 1001 users before sending, and the docs state is unchanged', async () => {
    const client = h.client();
    const before = structuredClone(h.server.inspect('docs'));
    const error = await client.spaces.permissions
      .invite('space_handbook', { role: 'read', users: ['usr_chloe', ...ids(1000)] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues.map((issue) => issue.path)).toEqual(['users']);
    expect(h.server.inspect('docs')).toEqual(before);
  });
});

describe('the size of an answer, end to end', () => {
  it('reads a space whole within the default limit, and refuses it over a request maxResponseBytes', async () => {
    const docs = h.client();
    const { response } = await docs.spaces.get('space_handbook').withResponse();
    const size = Number(response.headers.get('content-length'));
    expect(size).toBeGreaterThan(100);
    const error = await docs.spaces
      .get('space_handbook', {}, { maxResponseBytes: size - 1 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIResponseTooLargeError);
    expect(error).toMatchObject({
      status: 200,
      limit: size - 1,
      requestId: expect.stringMatching(/^req_/),
      operation: 'docs.spaces.get',
    });
    expect(await docs.spaces.get('space_handbook', {}, { maxResponseBytes: size })).toMatchObject({
      id: 'space_handbook',
    });
  });
});
