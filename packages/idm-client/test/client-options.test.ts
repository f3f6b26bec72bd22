/**
 * The options only idm's client has: at most one of `token` and `auth` (which the options type
 * says as well), one of them required unless the environment gives credentials, the `tenant` kind, `checkScopes` and the clock `now`. The rules every client
 * applies to its options are in the conventions suite.
 */
import { describe, expect, it, vi } from 'vitest';
import { clientCredentials, IdmClient, RequestValidationError } from '../src/index';
import { ORIGIN } from './support/unit';

function refusal(build: () => unknown): RequestValidationError {
  try {
    build();
  } catch (error) {
    expect(error).toBeInstanceOf(RequestValidationError);
    return error as RequestValidationError;
  }
  return expect.unreachable('the options were accepted');
}

describe('IdmClient options', () => {
  it('takes at most one of token and auth, by the types and at run time, and one is required without credential variables', () => {
    const auth = clientCredentials({ clientId: 'm2m', clientSecret: 's', audience: 'a' });
    for (const name of ['TOKEN', 'CLIENT_ID', 'CLIENT_SECRET', 'AUDIENCE']) {
      vi.stubEnv(`CLIENTKIT_IDM_${name}`, undefined);
    }
    expect(refusal(() => new IdmClient({ baseUrl: ORIGIN })).message).toBe(
      'Invalid options of IdmClient: token is required, or auth: pass one or set CLIENTKIT_IDM_TOKEN, or CLIENTKIT_IDM_CLIENT_ID, CLIENTKIT_IDM_CLIENT_SECRET and CLIENTKIT_IDM_AUDIENCE',
    );
    vi.unstubAllEnvs();
    // @ts-expect-error token and auth exclude each other
    expect(refusal(() => new IdmClient({ baseUrl: ORIGIN, token: 't', auth })).message).toMatch(
      /^Invalid options of IdmClient: token must be given, or auth, but not both/,
    );
  });

  it('takes auth from clientCredentials only, by the types and at run time: { username, password } is refused', () => {
    const error = refusal(
      () =>
        new IdmClient({
          baseUrl: ORIGIN,
          // @ts-expect-error auth takes clientCredentials(...) only
          auth: { username: 'admin', password: 'secret-password' },
        }),
    );
    expect(error.issues).toEqual([
      {
        path: 'auth',
        message: 'must be made by clientCredentials()',
      },
    ]);
    expect(error.message).not.toContain('secret-password');
  });

  it('refuses checkScopes that is not a boolean and now that is not a function, by name', () => {
    const wrong = { baseUrl: ORIGIN, token: 't', checkScopes: 'yes', now: 5 } as never;
    expect(refusal(() => new IdmClient(wrong)).issues.map((issue) => issue.path)).toEqual([
      'checkScopes',
      'now',
    ]);
  });

  it('refuses an unknown tenant kind', () => {
    expect(
      () => new IdmClient({ baseUrl: ORIGIN, token: 't', tenant: 'shared' as 'public' }),
    ).toThrow(/tenant must be one of/);
  });
});
