import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ReferenceServer } from '@clientkit/reference-server';
import { GitBookAPI } from '@gitbook/api';
import { beforeAll, beforeEach } from 'vitest';
import { type OpenApiDocument, type ResponseCheck, responseChecker } from './openapi-responses';
import { useReferenceServer } from './reference-server';

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

/** A body as the SDK would read it: JSON when it parses, the text otherwise, nothing when empty. */
function parsed(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A reference server on 127.0.0.1, reset before every test. The answer the SDK gets is the one the
 * server reports through `onExchange` (see reference-server.ts): the SDK and its fetch are untouched.
 */
export function useDocsConformance(): DocsConformance {
  const check = responseChecker(publishedDocument(), 'gitbook-openapi.json');
  const ref = useReferenceServer('docs', {
    clock: { start: '2026-06-01T08:00:00Z', frozen: true },
  });
  const harness = {} as DocsConformance;
  let checkOwn: ResponseCheck;
  beforeAll(() => {
    harness.server = ref.server;
    checkOwn = responseChecker(ref.documents.docs!, 'docs-openapi.json');
  });
  beforeEach(() => harness.server.reset());
  harness.sdk = (token = 'docs-dev-user-ada') =>
    new GitBookAPI({ endpoint: ref.origin, authToken: token });
  harness.call = async (operationId, run) => {
    const before = ref.answers.length;
    await run().catch(() => undefined);
    const last = ref.answers.length > before ? ref.answers.at(-1) : undefined;
    if (!last) throw new Error(`${operationId}: the SDK sent no request`);
    const { status, text } = await last;
    const body = parsed(text);
    return {
      status,
      body,
      problems: check(operationId, status, body),
      ownProblems: checkOwn(operationId, status, body),
    };
  };
  return harness;
}
