import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createReferenceServer } from '@clientkit/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocuments, VALIDATED_INTERFACES } from './interface-documents';
import { LINT_WARNINGS } from './lint-warnings';
import { type LintFindings, redoclyLint, spectralLint, writeDocuments } from './openapi-linters';

/** Where the admin routes serve their document, when the server is started with them. */
const ADMIN_OPENAPI_PATH = '/__admin/openapi.json';
const DOCUMENTS = [...VALIDATED_INTERFACES, 'admin'];

let dir: string;
let files: Record<string, string>;

// The documents are fetched from a running server and written to a temporary folder, where the
// linters read them as files, as a user would lint a document they downloaded.
beforeAll(async () => {
  const server = await createReferenceServer({ admin: true, logError: () => {} });
  try {
    const { url } = await server.listen(0, '127.0.0.1');
    const documents: Record<string, unknown> = await loadDocuments(server, url);
    const admin = await fetch(`${url}${ADMIN_OPENAPI_PATH}`);
    if (!admin.ok) throw new Error(`GET ${ADMIN_OPENAPI_PATH} answered ${admin.status}`);
    documents.admin = await admin.json();
    dir = await mkdtemp(join(tmpdir(), 'clientkit-openapi-'));
    files = await writeDocuments(dir, documents);
  } finally {
    await server.close();
  }
});
afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

function describeLinter(
  linter: 'redocly' | 'spectral',
  title: string,
  lint: () => Promise<Record<string, LintFindings>>,
) {
  describe(title, () => {
    let findings: Record<string, LintFindings>;
    beforeAll(async () => {
      findings = await lint();
    }, 60_000);
    for (const name of DOCUMENTS) {
      it(`finds no error in the ${name} document`, () => {
        expect(findings[name]!.errorLines).toEqual([]);
      });
      it(`finds in the ${name} document only the warnings the conformance README lists`, () => {
        expect(findings[name]!.warnings).toEqual(LINT_WARNINGS[linter][name]);
      });
    }
  });
}

describeLinter('redocly', 'Redocly CLI, recommended ruleset', () =>
  redoclyLint(DOCUMENTS.map((name) => files[name]!)),
);

describeLinter('spectral', 'Spectral, spectral:oas ruleset', async () => {
  const found: Record<string, LintFindings> = {};
  for (const name of DOCUMENTS) found[name] = await spectralLint(files[name]!);
  return found;
});

describe('the linters as these tests run them', () => {
  // A document with two errors both rulesets name: an array schema without items, and an
  // operationId used twice.
  const broken = {
    openapi: '3.1.0',
    info: { title: 'Broken', version: '1', description: 'Two mistakes' },
    servers: [{ url: 'http://127.0.0.1/' }],
    paths: {
      '/a': { get: { operationId: 'same', responses: { '200': { description: 'OK' } } } },
      '/b': {
        get: {
          operationId: 'same',
          responses: {
            '200': {
              description: 'OK',
              content: { 'application/json': { schema: { type: 'array' } } },
            },
          },
        },
      },
    },
  };

  it('report errors, by rule, in a document that has them', async () => {
    const brokenFiles = await writeDocuments(dir, { broken });
    const redocly = await redoclyLint([brokenFiles.broken!]);
    const spectral = await spectralLint(brokenFiles.broken!);
    expect(redocly.broken?.errors).toMatchObject({ 'operation-operationId-unique': 1 });
    expect(spectral.errors).toMatchObject({ 'array-items': 1, 'operation-operationId-unique': 1 });
  }, 60_000);
});
