import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNock } from '../../test-support/unit';
import { clearClientkitEnvironment } from './support/environment';
import { ORIGIN, type Profile, profiles } from './support/profiles';
import { refusal } from './support/refusal';

useNock();
beforeEach(clearClientkitEnvironment);
afterEach(() => {
  vi.unstubAllEnvs();
});

/** Answers the profile's read once at `origin`, and resolves with the headers it was sent. */
function answerRead(profile: Profile, origin = ORIGIN) {
  const { read } = profile;
  let sent: Record<string, string | string[] | undefined> = {};
  nock(origin)
    [read.method](`${profile.appended}${read.path}`)
    .reply(function reply() {
      sent = this.req.headers;
      return [200, read.answer];
    });
  return () => sent;
}

describe.each(profiles)('$name.withOptions', (profile) => {
  const base = () => profile.make();

  it('returns a new client of the same class, leaving the one it was made from as it was', async () => {
    const client = base();
    const derived = client.withOptions({ headers: { 'x-tenant': 'blue' } });
    expect(derived).toBeInstanceOf(client.constructor);
    expect(derived).not.toBe(client);
    const derivedSent = answerRead(profile);
    await profile.read.call(derived as never);
    expect(derivedSent()['x-tenant']).toBe('blue');
    const originalSent = answerRead(profile);
    await profile.read.call(client as never);
    expect(originalSent()['x-tenant']).toBeUndefined();
  });

  it('keeps every option it does not override, the credentials and baseUrl among them', async () => {
    const [header, value] = profile.credentialHeader;
    const client = profile.make({ headers: { 'x-tenant': 'blue' } });
    const sent = answerRead(profile);
    await profile.read.call(client.withOptions({ timeout: 30_000 }) as never);
    expect(sent()['x-tenant']).toBe('blue');
    expect(sent()[header]).toMatch(value);
  });

  it('replaces an option whole, and drops one overridden with undefined', async () => {
    const client = profile.make({ headers: { 'x-tenant': 'blue', 'x-team': 'red' } });
    const replaced = answerRead(profile);
    await profile.read.call(client.withOptions({ headers: { 'x-tenant': 'green' } }) as never);
    expect(replaced()).toMatchObject({ 'x-tenant': 'green' });
    expect(replaced()['x-team']).toBeUndefined();
    const dropped = answerRead(profile);
    await profile.read.call(client.withOptions({ headers: undefined }) as never);
    expect(dropped()['x-tenant']).toBeUndefined();
  });

  it('sends to an overridden baseUrl', async () => {
    const other = 'http://other.conventions.test';
    const sent = answerRead(profile, other);
    await profile.read.call(base().withOptions({ baseUrl: other }) as never);
    expect(sent().host).toBe('other.conventions.test');
  });

  it('checks the merged options as the constructor does: an unknown option or a bad value is refused by name', () => {
    const client = base();
    const unknown = refusal(() => client.withOptions({ retries: 2 }));
    expect(unknown.message).toMatch(
      new RegExp(`^Invalid options of ${profile.name}: retries is not an option \\(known: `),
    );
    expect(refusal(() => client.withOptions({ baseUrl: 'ftp://x.test' })).message).toMatch(
      new RegExp(
        `^Invalid options of ${profile.name}: baseUrl must be an absolute http\\(s\\) URL`,
      ),
    );
  });

  it('refuses overrides that are not an object of options', () => {
    const client = base();
    for (const overrides of [undefined, null, 'fast', [1]]) {
      expect(refusal(() => client.withOptions(overrides)).message).toBe(
        `Invalid arguments of ${profile.name}.withOptions: overrides must be an object of options`,
      );
    }
  });
});
