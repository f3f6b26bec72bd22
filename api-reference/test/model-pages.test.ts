import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as calendarSchemas from '@clientkit/calendar-client/schemas';
import * as docsSchemas from '@clientkit/docs-client/schemas';
import * as idmSchemas from '@clientkit/idm-client/schemas';
import * as mailSchemas from '@clientkit/mail-client/schemas';
import * as meteringSchemas from '@clientkit/metering-client/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The parts of TypeDoc's JSON output these tests read. */
interface Reflection {
  id: number;
  name: string;
  kind: number;
  children?: Reflection[];
  type?: unknown;
  comment?: { summary: { kind: string; text: string; target?: unknown }[] };
  readme?: { kind: string; text: string }[];
}
const INTERFACE = 256;
const CLASS = 128;

const clients = {
  'docs-client': docsSchemas,
  'calendar-client': calendarSchemas,
  'metering-client': meteringSchemas,
  'mail-client': mailSchemas,
  'idm-client': idmSchemas,
} as const;

/** The sources of a client's schemas: its contract's request schemas, and its response schemas loaded on demand. */
async function schemaSourceOf(client: string): Promise<string> {
  const contract = join(root, 'packages', 'contracts', 'src', client.replace(/-client$/, ''));
  const files = ['request-schemas.ts', 'response-schemas.ts'];
  const sources = await Promise.all(files.map((file) => readFile(join(contract, file), 'utf8')));
  return sources.join('\n');
}

/** Each model the schemas modules declare: `interface Model extends z.infer<typeof Schema> {}`. */
async function modelsOf(client: string): Promise<{ model: string; schema: string }[]> {
  const source = await schemaSourceOf(client);
  return [
    ...source.matchAll(/export interface (\w+) extends z\.(?:infer|input)<typeof (\w+)>/g),
  ].map(([, model, schema]) => ({ model: model!, schema: schema! }));
}

/** The field names of an object schema, or undefined for a schema of another kind. */
function shapeKeys(schema: unknown): string[] | undefined {
  const def = (schema as { _zod?: { def?: { type?: string; shape?: object } } })?._zod?.def;
  return def?.type === 'object' && def.shape ? Object.keys(def.shape).sort() : undefined;
}

function child(parent: Reflection | undefined, name: string): Reflection | undefined {
  return parent?.children?.find((reflection) => reflection.name === name);
}

/**
 * Every reflection of the site by id, with the module it sits in, to follow a re-export to the page
 * it links to.
 */
function reflectionsById(
  site: Reflection,
): Map<number, { reflection: Reflection; parent?: Reflection }> {
  const found = new Map<number, { reflection: Reflection; parent?: Reflection }>();
  const visit = (reflection: Reflection, parent?: Reflection) => {
    found.set(reflection.id, { reflection, ...(parent ? { parent } : {}) });
    for (const inner of reflection.children ?? []) visit(inner, reflection);
  };
  visit(site);
  return found;
}

function text(comment: Reflection['comment']): string {
  return (comment?.summary ?? [])
    .map((part) => part.text)
    .join('')
    .trim();
}

/** Runs TypeDoc with the repository's config and plugins, writing only the JSON output. */
function typedocJson(path: string): Promise<string> {
  const child = spawn(join(root, 'node_modules/.bin/typedoc'), ['--json', path], { cwd: root });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done(output) : fail(new Error(output))));
  });
}

describe('the API reference (pnpm run docs)', () => {
  let workDir: string;
  let site: Reflection;
  let log: string;
  const pkg = (name: string) => child(site, `@clientkit/${name}`);

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'clientkit-api-reference-'));
    log = await typedocJson(join(workDir, 'api.json'));
    site = JSON.parse(await readFile(join(workDir, 'api.json'), 'utf8')) as Reflection;
  });
  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('builds without warnings', () => {
    expect(log).not.toMatch(/\[warning\]|\[error\]/);
  });

  it('has a page for every entry point a published client or the reference server exports', async () => {
    const missing: string[] = [];
    for (const name of [...Object.keys(clients), 'reference-server']) {
      const manifest = JSON.parse(
        await readFile(join(root, 'packages', name, 'package.json'), 'utf8'),
      ) as { exports: Record<string, unknown> };
      const subpaths = Object.keys(manifest.exports).filter((path) => path !== './package.json');
      // One entry point makes the package its own page; several make one module page each.
      const modules = (pkg(name)?.children ?? []).filter((reflection) => reflection.kind === 2);
      for (const subpath of subpaths) {
        const module = subpath === '.' ? 'index' : subpath.slice(2);
        if (subpaths.length > 1 && !modules.some((page) => page.name === module)) {
          missing.push(`@clientkit/${name}${subpath.slice(1)}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('declares every model as an interface over its schema, never as a bare z.infer alias', async () => {
    for (const [client, schemas] of Object.entries(clients)) {
      const source = await schemaSourceOf(client);
      const aliases = [...source.matchAll(/export type (\w+) = z\.(?:infer|input)<typeof (\w+)>/g)];
      const objectAliases = aliases
        .filter(([, , schema]) => shapeKeys(schemas[schema as keyof typeof schemas]))
        .map(([, name]) => `${client} ${name}`);
      expect(objectAliases).toEqual([]);
      expect((await modelsOf(client)).length).toBeGreaterThan(0);
    }
  });

  it('every model page lists each field of its schema, with its type and a description', async () => {
    const problems: string[] = [];
    const byId = reflectionsById(site);
    for (const [client, schemas] of Object.entries(clients)) {
      // A model the contracts package documents is a reference on the client's page, to the schema
      // or to the model of the same name beside it: follow it to the model.
      const page = (name: string) => {
        const found = child(child(pkg(client), 'schemas'), name) as
          | (Reflection & { target?: unknown })
          | undefined;
        if (typeof found?.target !== 'number') return found;
        const target = byId.get(found.target);
        return target?.parent?.children?.find(
          (sibling) => sibling.name === name && sibling.kind === INTERFACE,
        );
      };
      for (const { model, schema } of await modelsOf(client)) {
        const keys = shapeKeys(schemas[schema as keyof typeof schemas]);
        const reflection = page(model);
        if (!keys) problems.push(`${client} ${model}: ${schema} is not an object schema`);
        if (reflection?.kind !== INTERFACE) {
          problems.push(`${client} ${model}: no model page`);
          continue;
        }
        const fields = (reflection.children ?? []).map((field) => field.name).sort();
        if (keys && fields.join() !== keys.join()) {
          problems.push(`${client} ${model}: lists ${fields.join(', ')}, not ${keys.join(', ')}`);
        }
        if (!text(reflection.comment)) problems.push(`${client} ${model}: no description`);
        for (const field of reflection.children ?? []) {
          if (!field.type) problems.push(`${client} ${model}.${field.name}: no type`);
          if (!text(field.comment))
            problems.push(`${client} ${model}.${field.name}: no description`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('method signatures link to the models by name instead of spelling them out', () => {
    const spaces = child(child(pkg('docs-client'), 'index'), 'Spaces');
    const get = child(spaces, 'get') as unknown as { signatures: { type: unknown }[] };
    const returned = get.signatures[0]!.type as {
      name: string;
      target: unknown;
      typeArguments: { type: string; name: string; target: unknown }[];
    };
    expect(returned.name).toBe('APIPromise');
    expect(returned.typeArguments[0]).toMatchObject({ type: 'reference', name: 'Space' });
    expect(typeof returned.typeArguments[0]!.target).toBe('number');
    expect(typeof returned.target).toBe('number'); // links to core's APIPromise page
  });

  it('documents each error class once, in core, and each client links to the ones it re-exports', async () => {
    const core = pkg('core');
    for (const client of Object.keys(clients)) {
      const source = await readFile(join(root, 'packages', client, 'src/index.ts'), 'utf8');
      const fromCore = /export \{([^}]*)\} from '@clientkit\/core';/.exec(source)?.[1] ?? '';
      const errors = [...fromCore.matchAll(/\b(\w+Error)\b/g)].map(([, name]) => name!);
      expect(errors.length, client).toBeGreaterThan(10);
      const index = child(pkg(client), 'index');
      const linked = (index?.comment?.summary ?? [])
        .filter((part) => part.kind === 'inline-tag')
        .map((part) => part.target);
      for (const name of errors) {
        expect(child(core, name)?.kind, name).toBe(CLASS);
        expect(child(index, name), `${client} documents ${name} again`).toBeUndefined();
        expect(linked, `${client} links ${name}`).toContain(child(core, name)!.id);
      }
    }
  });

  it('gives every package a landing page with its README', () => {
    for (const name of [...Object.keys(clients), 'core', 'reference-server']) {
      const readme = (pkg(name)?.readme ?? []).map((part) => part.text).join('');
      expect(readme, name).toContain(`# @clientkit/${name}`);
      expect(readme, name).toMatch(/```(js|ts)/);
    }
  });
});
