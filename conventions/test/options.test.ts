import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearClientkitEnvironment } from './support/environment';
import { ORIGIN, profiles } from './support/profiles';
import { refusal } from './support/refusal';

beforeEach(clearClientkitEnvironment);
afterEach(() => {
  vi.unstubAllEnvs();
});

describe.each(profiles)('$name options', (profile) => {
  const prefix = `Invalid options of ${profile.name}: `;

  it('refuses every unknown option by name (maxRetries of 0.2 too), and lists the known ones once', () => {
    const error = refusal(() => profile.make({ retries: 2, timeoutMs: 5, maxRetries: 0 }));
    expect(error.issues.map((issue) => `${issue.path} ${issue.message}`)).toEqual([
      'retries is not an option',
      'timeoutMs is not an option',
      'maxRetries is not an option',
    ]);
    expect(error.message).toMatch(
      new RegExp(
        `^${prefix}retries is not an option; timeoutMs is not an option; maxRetries is not an option \\(known: `,
      ),
    );
    expect(error.message.match(/known: /g)).toHaveLength(1);
    const known = error.message.slice(error.message.indexOf('known: ')).split(/[ ,()]+/);
    for (const option of ['retry', 'timeout', 'fetch', 'hooks', ...profile.options]) {
      expect(known).toContain(option);
    }
  });

  it('refuses a shared option of the wrong kind by name', () => {
    expect(refusal(() => profile.make({ timeout: -1 })).message).toMatch(
      new RegExp(`^${prefix}timeout must be a positive number`),
    );
    expect(refusal(() => profile.make({ fetch: 'fetch' })).message).toBe(
      `${prefix}fetch must be a function`,
    );
    expect(refusal(() => profile.make({ retry: -1 })).message).toBe(
      `${prefix}retry must be a whole number of retries or retry options`,
    );
  });

  it(`accepts the service's origin, with or without a trailing slash, and a mount prefix`, () => {
    for (const baseUrl of [
      ORIGIN,
      `${ORIGIN}/`,
      `${ORIGIN}/gateway/api`,
      `${ORIGIN}/gateway/api/`,
    ]) {
      expect(() => profile.make({ baseUrl })).not.toThrow();
    }
  });

  const suffix = profile.appendedRule ?? profile.appended;
  const appends = `must not end with ${suffix}: the client appends it`;
  const refused: [string, unknown, string][] = [
    ['ends with the path the client appends', `${ORIGIN}${profile.appended}`, appends],
    ['ends with it after a mount path', `${ORIGIN}/mount${profile.appended}/`, appends],
    [
      'ends with it in other letter case',
      `${ORIGIN}/mount${profile.appended.toUpperCase()}`,
      appends,
    ],
    ['carries a query string', `${ORIGIN}?x=1`, 'must not carry a query string'],
    ['carries a fragment', `${ORIGIN}/#top`, 'must not carry a fragment'],
    ['carries credentials', 'https://user:s3cret@conventions.test', 'must not carry credentials'],
    ['is not http(s)', 'ftp://conventions.test', 'must be an absolute http(s) URL'],
    ['is relative', 'conventions.test/api', 'must be an absolute http(s) URL'],
    ['is not a string', 42, 'must be an absolute http(s) URL'],
  ];
  for (const [what, baseUrl, rule] of refused) {
    it(`refuses a baseUrl that ${what}, naming baseUrl and the rule`, () => {
      const error = refusal(() => profile.make({ baseUrl }));
      expect(error.message.startsWith(`${prefix}baseUrl ${rule}`)).toBe(true);
      expect(error.message).not.toContain('s3cret');
    });
  }

  it('says a missing baseUrl is required, and which variables give it instead', () => {
    const { message } = refusal(() => profile.make({ baseUrl: undefined }));
    expect(message).toMatch(new RegExp(`^${prefix}baseUrl is required`));
    expect(message).toContain(
      `: pass ${profile.name === 'CalendarClient' ? 'one' : 'it'} or set CLIENTKIT_${profile.variable}_BASE_URL or CLIENTKIT_BASE_URL`,
    );
  });

  for (const [credentials, field] of profile.badCredentials) {
    it(`refuses ${JSON.stringify(credentials)} when it is built, naming ${field} and never the secret`, () => {
      const error = refusal(() => profile.make(credentials));
      expect(error.message.startsWith(`${prefix}${field} `)).toBe(true);
      expect(error.message).not.toContain('s3cret');
    });
  }
});
