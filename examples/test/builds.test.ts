/**
 * What an application sees of the published builds, whichever module system loads them: the same
 * error classes from `require()` and from `import`, and failures whose stack names the application's
 * own function, for single calls and for the pages of a listing.
 */
import { createRequire } from 'node:module';
import * as esm from '@clientkit/docs-client';
import { createReferenceServer, type ReferenceServer } from '@clientkit/reference-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const cjs = createRequire(import.meta.url)('@clientkit/docs-client') as typeof esm;

let server: ReferenceServer;
let url: string;
beforeAll(async () => {
  server = await createReferenceServer();
  ({ url } = await server.listen(0));
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const clientOf = (build: typeof esm) =>
  new build.DocsClient({ baseUrl: url, token: 'docs-dev-user-ada', retry: 0 });

async function errorOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('the CommonJS and ESM builds', () => {
  it('are loaded as two copies here, as an application that mixes them loads them', () => {
    expect(cjs.DocsClient).not.toBe(esm.DocsClient);
  });

  it("throw errors that are instanceof either build's classes", async () => {
    const fromCjs = await errorOf(clientOf(cjs).spaces.get('space_missing'));
    const fromEsm = await errorOf(clientOf(esm).spaces.get('space_missing'));
    for (const error of [fromCjs, fromEsm]) {
      expect(error).toBeInstanceOf(esm.NotFoundError);
      expect(error).toBeInstanceOf(cjs.NotFoundError);
      expect(error).toBeInstanceOf(esm.APIError);
      expect(error).toBeInstanceOf(cjs.ClientKitError);
      expect(error).not.toBeInstanceOf(esm.RequestValidationError);
    }
  });

  it('return real Promises from every method', () => {
    for (const build of [cjs, esm]) {
      const call = clientOf(build).getApiInformation();
      expect(call).toBeInstanceOf(Promise);
      void call.catch(() => undefined);
    }
  });
});

describe("a failure's stack", () => {
  for (const [name, build] of [
    ['CommonJS', cjs],
    ['ESM', esm],
  ] as const) {
    it(`names the application's function that awaited a call (${name})`, async () => {
      async function readTheMissingSpace() {
        return clientOf(build).spaces.get('space_missing');
      }
      const error = await errorOf(readTheMissingSpace());
      expect(error.stack).toContain('readTheMissingSpace');
    });

    it(`names the application's function that read a listing, for a page after the first (${name})`, async () => {
      async function readEveryTeam() {
        const teams = clientOf(build).spaces.permissions.listTeams('space_handbook', { limit: 1 });
        const seen: unknown[] = [];
        for await (const team of teams) {
          seen.push(team);
          // The next page is refused: the space is gone by the time it is asked for.
          server.docs.store.trash('space_handbook');
        }
        return seen;
      }
      const error = await errorOf(readEveryTeam());
      expect(error).toBeInstanceOf(esm.NotFoundError);
      expect(error.stack).toContain('readEveryTeam');
    });
  }
});
