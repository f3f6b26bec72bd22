/**
 * What every client checks when it is built, the same way and in the same words: unknown option
 * names, the base URL, and the credentials.
 */
import { RequestValidationError } from '@clientkit/core';
import { describe, expect, it } from 'vitest';
import { ORIGIN, profiles } from './support/profiles';

function refusal(build: () => unknown): RequestValidationError {
  try {
    build();
  } catch (error) {
    expect(error).toBeInstanceOf(RequestValidationError);
    return error as RequestValidationError;
  }
  throw new Error('expected the options to be refused');
}

describe.each(profiles)('$name options', (profile) => {
  const prefix = `Invalid options of ${profile.name}: `;

  it('refuses every unknown option by name, and lists the known ones once', () => {
    const error = refusal(() => profile.make({ retries: 2, timeoutMs: 5 }));
    expect(error.message.startsWith(prefix)).toBe(true);
    expect(error.issues.map((issue) => `${issue.path} ${issue.message}`)).toEqual([
      'retries is not an option',
      'timeoutMs is not an option',
    ]);
    expect(error.message.match(/known: /g)).toHaveLength(1);
    expect(error.message).toMatch(/known: .*\bretry\b/);
  });

  it('refuses a shared option of the wrong kind by name', () => {
    expect(refusal(() => profile.make({ timeout: -1 })).message).toMatch(
      new RegExp(`^${prefix}timeout must be a positive number`),
    );
    expect(refusal(() => profile.make({ fetch: 'fetch' })).message).toBe(
      `${prefix}fetch must be a function`,
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
  const refused: [string, unknown, string][] = [
    [
      'ends with the path the client appends',
      `${ORIGIN}${profile.appended}`,
      `must not end with ${suffix}`,
    ],
    [
      'ends with it after a mount path',
      `${ORIGIN}/mount${profile.appended}/`,
      `must not end with ${suffix}`,
    ],
    ['carries a query string', `${ORIGIN}?x=1`, 'must not carry a query string'],
    ['carries a fragment', `${ORIGIN}/#top`, 'must not carry a fragment'],
    ['carries credentials', 'https://user:s3cret@conventions.test', 'must not carry credentials'],
    ['is not http(s)', 'ftp://conventions.test', 'must be an absolute http(s) URL'],
    ['is not a string', 42, 'must be an absolute http(s) URL'],
  ];
  for (const [what, baseUrl, rule] of refused) {
    it(`refuses a baseUrl that ${what}, naming baseUrl and the rule`, () => {
      const error = refusal(() => profile.make({ baseUrl }));
      expect(error.message.startsWith(`${prefix}baseUrl ${rule}`)).toBe(true);
      expect(error.message).not.toContain('s3cret');
    });
  }

  for (const [credentials, field] of profile.badCredentials) {
    it(`refuses ${JSON.stringify(credentials)} when it is built, naming ${field}`, () => {
      const error = refusal(() => profile.make(credentials));
      expect(error.message.startsWith(`${prefix}${field} `)).toBe(true);
    });
  }
});
