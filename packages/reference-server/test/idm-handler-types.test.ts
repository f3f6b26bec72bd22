/**
 * The idm handlers are typed by the contract's operations: `pnpm typecheck` fails when a handler is
 * missing or reads what its operation does not check, which each `@ts-expect-error` below holds;
 * and a table that slips past the types is refused when its routes are mounted.
 */
import type { idm } from '@clientkit/contracts/idm';
import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { idmDescription } from '../src/apis/idm/description';
import { TokenService } from '../src/apis/idm/tokens';
import { createClock } from '../src/clock';
import { type HandlersOf, mountOperations } from '../src/operations';

type IdmHandlers = HandlersOf<typeof idm, unknown>;

const done = (c: Context) => c.body(null, 204);
const complete = {
  getClients: done,
  getClient: done,
  createClient: done,
  updateClient: done,
  deleteClient: done,
  getLogs: done,
  getLog: done,
  getToken: done,
} satisfies IdmHandlers;

describe('idm handlers typed by operation', () => {
  it('take each operation its checked input, typed by its own schemas', () => {
    const typed: IdmHandlers = {
      ...complete,
      createClient: (c, _caller, { body }) => c.json({ name: body.name.toUpperCase() }, 201),
      getToken: (c, _caller, { body }) => c.json({ audience: body.audience }),
      getLogs: (c, _caller, { query }) => c.json({ take: query.take ?? 25 }),
      // @ts-expect-error a client body has no client_secret: only the token exchange's has
      updateClient: (c, _caller, { body }) => c.json(body.client_secret),
      // @ts-expect-error getClient takes no body
      getClient: (c, _caller, { body }) => c.json(body.name),
    };
    expect(Object.keys(typed).sort()).toEqual(Object.keys(complete).sort());
  });

  it('need every operation: a table without one does not compile and is refused when mounted', () => {
    const { getToken: _, ...withoutToken } = complete;
    // @ts-expect-error getToken is missing
    const incomplete: IdmHandlers = withoutToken;
    const description = idmDescription(
      new TokenService(createClock(), 'https://idm.test/'),
      'public',
    );
    expect(() => mountOperations(description, incomplete)).toThrow(/no handler for getToken/);
  });
});
