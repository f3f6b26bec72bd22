/**
 * Renewal of a client credentials token that the interface refuses (401 invalid_token) is single
 * flight: however the refusals of one stale token are spread in time, one new token is fetched, and
 * a refusal that arrives after the token was replaced leaves the new one alone.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { clientCredentials, IdmClient } from '../src/index';
import { fakeJwt, idmError, ORIGIN, useNock } from './support/unit';

useNock();

const PARALLEL = 100;
const client = { client_id: 'abc', name: 'Billing' };
const tokenAnswer = (token: string) => ({
  access_token: token,
  token_type: 'Bearer',
  expires_in: 3600,
  scope: 'read:clients',
});
const invalidToken = idmError(
  401,
  'Unauthorized',
  'Expired token received for JSON Web Token validation',
  'invalid_token',
);

type Reply = (error: Error | null, answer: [number, Record<string, unknown>]) => void;

/** Waits for conditions on the mock server's state, re-checked whenever that state changes. */
function observed() {
  const waiting = new Set<() => void>();
  return {
    changed: () => {
      for (const check of [...waiting]) check();
    },
    until: (condition: () => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!condition()) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      }),
  };
}

/**
 * 100 parallel requests carry a token the interface no longer accepts. Their 401 answers are held,
 * then released in `waves` waves; each wave is released only once the requests of the previous one
 * were answered with the renewed token. Answers the number of token requests after the first.
 */
async function renewalsFor(waves: number): Promise<number> {
  const stale = fakeJwt(['read:clients'], { n: 1 });
  const fresh = fakeJwt(['read:clients'], { n: 2 });
  const state = observed();
  let tokenRequests = 0;
  let staleAccepted = true;
  let servedFresh = 0;
  const held: Reply[] = [];
  nock(ORIGIN)
    .persist()
    .post('/oauth/token')
    .reply(() => {
      tokenRequests += 1;
      return [200, tokenAnswer(tokenRequests === 1 ? stale : fresh)];
    })
    .get('/api/v2/clients/abc')
    .reply(function (_uri, _body, reply: Reply) {
      const authorization = this.req.headers.authorization;
      if (authorization === `Bearer ${fresh}`) {
        servedFresh += 1;
        reply(null, [200, client]);
      } else if (authorization === `Bearer ${stale}` && staleAccepted) {
        reply(null, [200, client]);
      } else {
        held.push(reply);
      }
      state.changed();
    });
  const idm = new IdmClient({
    baseUrl: ORIGIN,
    auth: clientCredentials({ clientId: 'm2m', clientSecret: 's', audience: 'aud' }),
  });
  await idm.clients.get('abc'); // the token is fetched and works
  staleAccepted = false; // then the interface stops accepting it (revoked, or expired early)

  const calls = Array.from({ length: PARALLEL }, () => idm.clients.get('abc'));
  await state.until(() => held.length === PARALLEL);
  const size = PARALLEL / waves;
  for (let wave = 1; wave <= waves; wave++) {
    for (const reply of held.splice(0, size)) reply(null, [401, invalidToken]);
    await state.until(() => servedFresh === wave * size);
  }
  expect(await Promise.all(calls)).toEqual(Array(PARALLEL).fill(client));
  return tokenRequests - 1;
}

describe('renewal of a refused client credentials token (single flight)', () => {
  for (const waves of [1, 5, 20]) {
    it(`${PARALLEL} parallel requests whose 401 invalid_token answers arrive in ${waves} wave(s) make exactly 1 token request`, async () => {
      expect(await renewalsFor(waves)).toBe(1);
    });
  }
});
