import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// These tests read the built packages as a user's Node loads them (through node_modules and each
// package's exports), not the sources that vitest's aliases point at.
const benchDir = dirname(dirname(fileURLToPath(import.meta.url)));
const clients = ['docs', 'calendar', 'metering', 'mail', 'idm'].map(
  (name) => `@clientkit/${name}-client`,
);

function runNode(code: string): string {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: benchDir,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
}

/** The resolved files of a package entry, for the child process to start from. */
function entryFile(specifier: string): string {
  return runNode(`console.log(fileURLToPath(import.meta.resolve('${specifier}')));
import { fileURLToPath } from 'node:url';`).trim();
}

const staticImport = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[^'"()]*?\sfrom\s*)?['"]([^'"]+)['"]/g;

/**
 * The files Node loads when it imports `file`: every static import and re-export, followed through
 * relative paths and bare specifiers (resolved from the importing file). Dynamic `import()` calls
 * are not followed: they load on demand, after the import being measured.
 */
function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(staticImport)) {
    const specifier = match[1]!;
    if (specifier.startsWith('node:')) continue;
    const next = specifier.startsWith('.')
      ? resolve(dirname(file), specifier)
      : runNode(
          `import { fileURLToPath, pathToFileURL } from 'node:url';
console.log(fileURLToPath(import.meta.resolve('${specifier}', pathToFileURL(${JSON.stringify(file)}))));`,
        ).trim();
    staticGraph(next, seen);
  }
  return seen;
}

describe('what Node loads with a client', () => {
  it.each(clients)(
    'importing %s loads ky and zod from their own packages, beside the builds of clientkit',
    (client) => {
      const files = [...staticGraph(entryFile(client))];
      const dependencies = files.filter((file) =>
        /node_modules\/(\.pnpm\/)?(zod|ky)[@/]/.test(file),
      );
      expect(dependencies.some((file) => /[/@]ky[@/]/.test(file))).toBe(true);
      expect(dependencies.some((file) => /[/@]zod[@/]/.test(file))).toBe(true);
      const own = files.filter((file) => !dependencies.includes(file));
      expect(
        own.every((file) => file.includes('/dist/')),
        own.join('\n'),
      ).toBe(true);
    },
  );

  it('one copy of core at run time: a request the built client refuses throws core’s own RequestValidationError', () => {
    const out = runNode(`
import { RequestValidationError } from '@clientkit/core';
import { DocsClient } from '@clientkit/docs-client';
const docs = new DocsClient({ baseUrl: 'https://docs.example', token: 'token', fetch: () => { throw new Error('sent'); } });
try { await docs.spaces.get(''); console.log('no error'); }
catch (error) { console.log(JSON.stringify([error instanceof RequestValidationError, error.issues])); }`);
    const [isCoreClass, issues] = JSON.parse(out);
    expect(isCoreClass).toBe(true);
    expect(issues.length).toBeGreaterThan(0);
  });

  it('the built reference server describes the clients’ types from the contracts’ zod schemas', () => {
    const out = runNode(`
import { createReferenceServer } from '@clientkit/reference-server';
const server = await createReferenceServer();
const { url } = await server.listen(0);
const document = await (await fetch(url + server.openapiPaths.docs)).json();
await server.close();
console.log(JSON.stringify(document.components.schemas.User));`);
    const user = JSON.parse(out);
    expect(user.type).toBe('object');
    expect(user.properties.object).toEqual({ type: 'string', const: 'user' });
    expect(user.required).toContain('id');
  });
});
