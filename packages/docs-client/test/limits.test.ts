import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { rejectionOf, useNock } from '../../../test-support/unit';
import { DocsClient, RequestValidationError } from '../src/index';

const ORIGIN = 'http://docs.test';
const docs = new DocsClient({ baseUrl: ORIGIN, token: 'tok_unit', retry: 0 });
const ids = (count: number, prefix = 'usr_') =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`);
const longUrl = (length: number) => `https://example.com/${'a'.repeat(length - 20)}`;

useNock();

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Expects the call to be refused with one issue on `field` saying how far it may go, while an
 * interceptor for any request to the origin stays unused: nothing was sent.
 */
async function refusedBeforeSending(call: () => PromiseLike<unknown>, field: string) {
  const scope = nock(ORIGIN);
  for (const method of METHODS) scope.intercept(/.*/, method).reply(204);
  const error = await rejectionOf(call());
  expect(nock.pendingMocks()).toHaveLength(METHODS.length);
  nock.cleanAll();
  expect(error).toBeInstanceOf(RequestValidationError);
  const issues = (error as RequestValidationError).issues;
  expect(issues.map((issue) => issue.path)).toEqual([field]);
  expect(issues[0]?.message).toMatch(/at most|longer than/);
}

describe('docs request limits, refused before any request', () => {
  it('an invitation names at most 1000 users', async () => {
    await refusedBeforeSending(
      () => docs.spaces.permissions.invite('s1', { role: 'read', users: ids(1001) }),
      'users',
    );
  });

  it('an invitation names at most 1000 teams', async () => {
    await refusedBeforeSending(
      () => docs.spaces.permissions.invite('s1', { role: 'read', teams: ids(1001, 'team_') }),
      'teams',
    );
  });

  it('an invited id is at most 256 characters', async () => {
    await refusedBeforeSending(
      () => docs.spaces.permissions.invite('s1', { role: 'read', users: ['u'.repeat(257)] }),
      'users[0]',
    );
  });

  it('an invitation of exactly 1000 users of 256 characters is sent', async () => {
    const users = ids(1000).map((id) => id.padEnd(256, 'x'));
    const scope = nock(ORIGIN)
      .post('/v1/spaces/s1/permissions', { role: 'read', users })
      .reply(204);
    await docs.spaces.permissions.invite('s1', { role: 'read', users });
    expect(scope.isDone()).toBe(true);
  });

  it('a photoURL is at most 2048 characters', async () => {
    await refusedBeforeSending(
      () => docs.users.update('u1', { photoURL: longUrl(2049) }),
      'photoURL',
    );
  });

  it('an icon URL is at most 2048 characters', async () => {
    await refusedBeforeSending(() => docs.spaces.update('s1', { icon: longUrl(2049) }), 'icon');
  });

  it('merge rules hold at most 50 rules', async () => {
    const rules = Array.from({ length: 51 }, () => ({ rule: 'require_at_least_one_review' }));
    await refusedBeforeSending(
      () => docs.spaces.update('s1', { mergeRules: { type: 'rules', rules } }),
      'mergeRules.rules',
    );
  });

  it('a merge rule holds no list longer than 10000 items', async () => {
    const rule = { rule: 'require_specific_reviewers', users: ids(10_001) };
    await refusedBeforeSending(
      () => docs.spaces.update('s1', { mergeRules: { type: 'rules', rules: [rule] } }),
      'mergeRules.rules[0]',
    );
  });

  it('a move parent is at most 256 characters', async () => {
    await refusedBeforeSending(() => docs.spaces.move('s1', { parent: 'c'.repeat(257) }), 'parent');
  });

  it('a position pointer is at most 256 characters', async () => {
    await refusedBeforeSending(
      () =>
        docs.spaces.move('s1', { position: { after: { type: 'space', space: 's'.repeat(257) } } }),
      'position.after.space',
    );
  });

  it('a share key is at most 256 characters', async () => {
    await refusedBeforeSending(
      () => docs.spaces.get('s1', { shareKey: 'k'.repeat(257) }),
      'shareKey',
    );
  });

  it('an embed URL is at most 2048 characters', async () => {
    await refusedBeforeSending(() => docs.spaces.getEmbed('s1', { url: longUrl(2049) }), 'url');
  });

  it('a Git ref is at most 256 characters, and a project directory at most 1024', async () => {
    const git = { url: 'https://git.test/r.git', ref: 'main' };
    await refusedBeforeSending(
      () => docs.spaces.git.import('s1', { ...git, ref: 'r'.repeat(257) }),
      'ref',
    );
    await refusedBeforeSending(
      () => docs.spaces.git.import('s1', { ...git, repoProjectDirectory: 'd'.repeat(1025) }),
      'repoProjectDirectory',
    );
  });

  it('a commit message is at most 10000 characters', async () => {
    const body = { url: 'https://git.test/r.git', ref: 'main', commitMessage: 'm'.repeat(10_001) };
    await refusedBeforeSending(() => docs.spaces.git.export('s1', body), 'commitMessage');
  });
});
