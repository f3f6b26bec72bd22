import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createReferenceServer, type ReferenceServer } from '@clientkit/reference-server';
import { GitBookAPI } from '@gitbook/api';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { type OpenApiDocument, type ResponseCheck, responseChecker } from './docs-openapi';

/** One answer as the SDK received it. */
export interface Answer {
  status: number;
  body: unknown;
  /** What the published document says is wrong with it; empty when it conforms. */
  problems: string[];
  /** What the interface's own document (GET /v1/openapi.json) says is wrong with it. */
  ownProblems: string[];
}

export interface DocsConformance {
  server: ReferenceServer;
  /** The official SDK, pointed at the reference server: the only change to it. */
  sdk(token?: string): GitBookAPI;
  /**
   * Runs one SDK call and checks the answer the SDK received against the published document's
   * schema for that operation and status. SDK errors are caught: the answer is what is checked.
   */
  call(operationId: string, run: () => Promise<unknown>): Promise<Answer>;
}

/** The OpenAPI document the SDK package ships, describing the real service. */
export function publishedDocument(): OpenApiDocument {
  const require = createRequire(import.meta.url);
  const path = require.resolve('@gitbook/api/spec/openapi.json');
  return JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A reference server on 127.0.0.1, reset before every test. The answers the SDK gets are observed
 * by a pass-through spy on the global fetch the SDK uses: it copies each response and changes nothing.
 */
export function useDocsConformance(): DocsConformance {
  const check = responseChecker(publishedDocument(), 'gitbook-openapi.json');
  const harness = {} as DocsConformance;
  let url = '';
  let checkOwn: ResponseCheck;
  let last: Promise<{ status: number; body: unknown }> | undefined;
  beforeAll(async () => {
    harness.server = await createReferenceServer({
      clock: { start: '2026-06-01T08:00:00Z', frozen: true },
    });
    url = (await harness.server.listen(0)).url;
    const own = (await (await fetch(`${url}/v1/openapi.json`)).json()) as OpenApiDocument;
    checkOwn = responseChecker(own, 'docs-openapi.json');
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const response = await realFetch(input, init);
      const copy = response.clone();
      last = bodyOf(copy).then((body) => ({ status: copy.status, body }));
      return response;
    });
  });
  beforeEach(() => harness.server.reset());
  afterAll(async () => {
    vi.restoreAllMocks();
    await harness.server.close();
  });
  harness.sdk = (token = 'docs-dev-user-ada') =>
    new GitBookAPI({ endpoint: url, authToken: token });
  harness.call = async (operationId, run) => {
    last = undefined;
    await run().catch(() => undefined);
    if (!last) throw new Error(`${operationId}: the SDK sent no request`);
    const { status, body } = await last;
    return {
      status,
      body,
      problems: check(operationId, status, body),
      ownProblems: checkOwn(operationId, status, body),
    };
  };
  return harness;
}
