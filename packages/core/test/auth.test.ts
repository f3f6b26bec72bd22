import { describe, expect, it, vi } from 'vitest';
import {
  base64,
  basicAuth,
  bearerAuth,
  clientCredentials,
  headerAuth,
  RequestValidationError,
  tokenProvider,
} from './core';

describe('auth helpers', () => {
  it('bearerAuth sends a fixed token or the one a function returns', async () => {
    expect(await bearerAuth('abc').headers()).toEqual({ authorization: 'Bearer abc' });
    expect(await bearerAuth(async () => 'def').headers()).toEqual({ authorization: 'Bearer def' });
  });

  it('basicAuth encodes user:password as UTF-8 base64', async () => {
    expect(await basicAuth('editor', 'pässword 1').headers()).toEqual({
      authorization: `Basic ${Buffer.from('editor:pässword 1', 'utf8').toString('base64')}`,
    });
    expect(base64('ü')).toBe('w7w=');
  });

  it('headerAuth carries the credential in a named header', async () => {
    expect(await headerAuth('X-Mail-Account-Token', 'tok').headers()).toEqual({
      'X-Mail-Account-Token': 'tok',
    });
  });

  it('shows no secret when printed', () => {
    for (const auth of [
      bearerAuth('s3cr3t-x'),
      basicAuth('u', 's3cr3t-x'),
      headerAuth('X-K', 's3cr3t-x'),
    ]) {
      expect(String(auth)).not.toContain('s3cr3t-x');
      expect(JSON.stringify(auth)).not.toContain('s3cr3t-x');
    }
  });
});

describe('tokenProvider', () => {
  function setup(expiresIn = 3600) {
    let clock = 1_000_000;
    let issued = 0;
    const fetchToken = vi.fn(async () => ({ token: `token-${++issued}`, expiresIn }));
    const provider = tokenProvider({ fetchToken, renewBeforeExpiryMs: 60_000, now: () => clock });
    return { provider, fetchToken, advance: (ms: number) => (clock += ms) };
  }

  it('caches the token until shortly before it expires, then fetches a new one', async () => {
    const { provider, fetchToken, advance } = setup(3600);
    expect(await provider()).toBe('token-1');
    advance(3600_000 - 60_001);
    expect(await provider()).toBe('token-1');
    advance(2);
    expect(await provider()).toBe('token-2');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('lets concurrent callers share a single fetch', async () => {
    const { provider, fetchToken } = setup();
    const tokens = await Promise.all(Array.from({ length: 50 }, () => provider()));
    expect(new Set(tokens)).toEqual(new Set(['token-1']));
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it('does not cache a failed fetch', async () => {
    let fail = true;
    const provider = tokenProvider({
      fetchToken: async () => {
        if (fail) throw new Error('token endpoint down');
        return { token: 'ok', expiresAt: Date.now() + 3600_000 };
      },
    });
    await expect(provider()).rejects.toThrow('token endpoint down');
    fail = false;
    expect(await provider()).toBe('ok');
  });

  it('fetches again after invalidate()', async () => {
    const { provider, fetchToken } = setup();
    await provider();
    provider.invalidate();
    expect(await provider()).toBe('token-2');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('works as the token source of bearerAuth', async () => {
    const { provider } = setup();
    expect(await bearerAuth(provider).headers()).toEqual({ authorization: 'Bearer token-1' });
  });
});

describe('clientCredentials', () => {
  it('refuses an option it does not know by name (clientSecrte), before checking the others', () => {
    let error: unknown;
    try {
      clientCredentials({ clientId: 'm2m', clientSecrte: 's3cret', audience: 'api' } as never);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'clientSecrte', message: 'is not an option' },
    ]);
    expect((error as Error).message).not.toContain('s3cret');
  });
});
