/**
 * Concurrent calls that share one failed token fetch (a token provider's single flight) each get
 * an error object of their own: the same class, message and operation, and the stack of the call
 * that awaited it, never one instance whose stack the last caller overwrote.
 */
import { describe, expect, it } from 'vitest';
import { json, rawServer } from '../../../test-support/raw-server';
import { AuthenticationError, bearerAuth, tokenProvider } from './core';
import { rejectionOf, testClient } from './helpers';

describe('concurrent callers of one failed token fetch', () => {
  it('each get their own error, with their own stack and the operation that failed', async () => {
    const server = await rawServer((request, response) => {
      if (request.url === '/v1/token') return json(response, 401, { message: 'bad secret' });
      json(response, 200, {});
    });
    const exchange = testClient({ baseUrl: server.origin, retry: 0 });
    const provider = tokenProvider({
      fetchToken: async () => {
        await exchange.request({ method: 'POST', path: 'token', operation: 'oauth.token' });
        return { token: 'never' };
      },
    });
    const client = testClient({ baseUrl: server.origin, auth: bearerAuth(provider) });
    const listThings = () => client.request({ method: 'GET', path: 'things' });
    const getThing = () => client.request({ method: 'GET', path: 'things/1' });
    const calls = Array.from({ length: 20 }, (_, index) => (index % 2 ? listThings() : getThing()));
    const errors = (await Promise.all(calls.map(rejectionOf))) as AuthenticationError[];

    expect(server.requests.filter((seen) => seen.url === '/v1/token')).toHaveLength(1);
    expect(new Set(errors).size).toBe(20);
    for (const [index, error] of errors.entries()) {
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toMatchObject({ status: 401, operation: 'test.oauth.token' });
      expect(error.message).toBe(errors[0]!.message);
      expect(error.stack).toContain(index % 2 ? 'listThings' : 'getThing');
      expect(error.stack).not.toContain(index % 2 ? 'getThing' : 'listThings');
    }
  });
});
