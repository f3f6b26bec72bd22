import { createReferenceServer, type ReferenceServer } from '@clientkit/reference-server';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { DocsClient } from '../../src/index';

export interface DocsHarness {
  server: ReferenceServer;
  url: string;
  /** A client with a user token for usr_ada (or another token). */
  client(token?: string): DocsClient;
  /** A request that bypasses the client's own checks, to see what the server itself answers. */
  raw(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; rawBody?: string },
  ): Promise<Response>;
}

/** One reference server per test file, reset before every test. */
export function useDocsServer(): DocsHarness {
  const harness = {} as DocsHarness;
  beforeAll(async () => {
    harness.server = await createReferenceServer({
      clock: { start: '2026-06-01T08:00:00Z', frozen: true },
    });
    harness.url = (await harness.server.listen(0)).url;
    harness.client = (token = 'docs-dev-user-ada') =>
      new DocsClient({
        baseUrl: harness.url,
        token,
        validateResponses: true,
        retry: 0,
      });
    harness.raw = (method, path, options = {}) =>
      fetch(`${harness.url}/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.token ?? 'docs-dev-user-ada'}`,
          'content-type': 'application/json',
        },
        body:
          options.rawBody ??
          (options.body === undefined ? undefined : JSON.stringify(options.body)),
      });
  });
  beforeEach(() => harness.server.reset());
  afterAll(() => harness.server.close());
  return harness;
}
