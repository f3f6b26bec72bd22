import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as calendarSchemas from '@clientkit/calendar-client/schemas';
import * as docsSchemas from '@clientkit/docs-client/schemas';
import * as idmSchemas from '@clientkit/idm-client/schemas';
import * as mailSchemas from '@clientkit/mail-client/schemas';
import * as meteringSchemas from '@clientkit/metering-client/schemas';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The parts of TypeDoc's JSON output these tests read. */
interface Reflection {
  id: number;
  name: string;
  kind: number;
  children?: Reflection[];
  type?: unknown;
  comment?: Comment;
  readme?: { kind: string; text: string }[];
  signatures?: { comment?: Comment }[];
  flags?: { isStatic?: boolean };
}
interface Part {
  kind: string;
  text: string;
  target?: unknown;
}
interface Comment {
  summary: Part[];
  blockTags?: { tag: string; content: Part[] }[];
}
/** A type in TypeDoc's JSON: a reference names its target's id; other kinds nest types. */
interface Type {
  type: string;
  name?: string;
  target?: unknown;
  elementType?: Type;
  types?: Type[];
  declaration?: Reflection;
}
const INTERFACE = 256;
const CLASS = 128;
const METHOD = 2048;
const PROPERTY = 1024;

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

/** The `@throws` blocks of a method's first signature, each as the ids of the pages it links. */
function throwsOf(method: Reflection): unknown[][] {
  const tags = method.signatures?.[0]?.comment?.blockTags ?? [];
  return tags
    .filter((tag) => tag.tag === '@throws')
    .map((tag) => tag.content.filter((part) => part.kind === 'inline-tag').map((p) => p.target));
}

/**
 * A client's class (`DocsClient`) and every resource its properties hold, at any depth
 * (`docs.spaces.git`), with the property path that reaches each.
 */
function clientAndResources(
  index: Reflection | undefined,
  byId: Map<number, { reflection: Reflection }>,
): { path: string; reflection: Reflection }[] {
  const client = index?.children?.find((r) => r.kind === CLASS && /^[A-Z]\w*Client$/.test(r.name));
  if (!client) return [];
  const found = [{ path: client.name, reflection: client }];
  for (let i = 0; i < found.length; i++) {
    const { path, reflection } = found[i]!;
    for (const property of reflection.children ?? []) {
      const type = property.type as Type | undefined;
      if (property.kind !== PROPERTY || type?.type !== 'reference') continue;
      const target = typeof type.target === 'number' ? byId.get(type.target) : undefined;
      if (target && [CLASS, INTERFACE].includes(target.reflection.kind)) {
        found.push({ path: `${path}.${property.name}`, reflection: target.reflection });
      }
    }
  }
  return found;
}

/** Each anonymous object type in `type`, at any depth, as the sorted names of its fields. */
function spelledOut(type: Type | undefined, found: string[] = []): string[] {
  if (!type || typeof type !== 'object') return found;
  if (type.type === 'reflection' && type.declaration) {
    const fields = (type.declaration.children ?? []).map((field) => field.name).sort();
    if (fields.length > 0) found.push(fields.join());
    for (const field of type.declaration.children ?? []) spelledOut(field.type as Type, found);
  }
  for (const inner of [type.elementType, ...(type.types ?? [])]) spelledOut(inner, found);
  return found;
}

/** A file of the reference that this package's `docs` task built; turbo runs it before this test. */
async function builtReference(file: string): Promise<string> {
  try {
    return await readFile(join(root, 'api-reference', 'dist', file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(
      `api-reference/dist/${file} is missing: build the reference first with \`pnpm turbo run docs --filter=@clientkit/api-reference\` (\`turbo run test\` runs it before this test)`,
    );
  }
}

describe('the API reference (pnpm run docs)', () => {
  let site: Reflection;
  let log: string;
  const pkg = (name: string) => child(site, `@clientkit/${name}`);

  beforeAll(async () => {
    log = await builtReference('typedoc.log');
    site = JSON.parse(await builtReference('api.json')) as Reflection;
  });

  it('builds without warnings', () => {
    expect(log).not.toMatch(/\[warning\]|\[error\]/);
  });

  it('has a page for every entry point a published package exports', async () => {
    const missing: string[] = [];
    const packages = await readdir(join(root, 'packages'));
    for (const name of packages) {
      const manifest = JSON.parse(
        await readFile(join(root, 'packages', name, 'package.json'), 'utf8'),
      ) as { exports: Record<string, string | { import: { default: string } }> };
      const entries = Object.entries(manifest.exports).filter(
        ([path]) => path !== './package.json',
      );
      // One entry point makes the package its own page; several make one module page each, named
      // after the entry's file (`./docs/responses` is dist/docs/response-schemas.js).
      const modules = (pkg(name)?.children ?? []).filter((reflection) => reflection.kind === 2);
      if (!pkg(name)) missing.push(`@clientkit/${name}`);
      for (const [subpath, target] of entries) {
        const file = typeof target === 'string' ? target : target.import.default;
        const module = file.replace(/^\.\/dist\//, '').replace(/\.js$/, '');
        if (entries.length > 1 && !modules.some((page) => page.name === module)) {
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

  it('documents each error class once, in core, and each client, which re-exports core whole, links to them', async () => {
    const core = child(pkg('core'), 'index');
    const errors = (core?.children ?? []).filter((r) => r.kind === CLASS && /Error$/.test(r.name));
    expect(errors.length).toBeGreaterThan(10);
    for (const client of Object.keys(clients)) {
      const source = await readFile(join(root, 'packages', client, 'src/index.ts'), 'utf8');
      expect(source, client).toContain("export * from '@clientkit/core';");
      const index = child(pkg(client), 'index');
      const linked = (index?.comment?.summary ?? [])
        .filter((part) => part.kind === 'inline-tag')
        .map((part) => part.target);
      for (const error of errors) {
        expect(child(index, error.name), `${client} documents ${error.name} again`).toBeUndefined();
      }
      for (const name of ['APIError', 'APIConnectionError']) {
        expect(linked, `${client} links ${name}`).toContain(child(core, name)!.id);
      }
    }
  });

  it('every method of every client and resource class lists what it throws, from RequestValidationError on', () => {
    const byId = reflectionsById(site);
    const core = child(pkg('core'), 'index');
    const validation = child(core, 'RequestValidationError')!.id;
    const problems: string[] = [];
    let methods = 0;
    for (const client of Object.keys(clients)) {
      const classes = clientAndResources(child(pkg(client), 'index'), byId);
      expect(classes.length, client).toBeGreaterThan(1);
      for (const { path, reflection } of classes) {
        for (const method of (reflection.children ?? []).filter((m) => m.kind === METHOD)) {
          methods += 1;
          const throws = throwsOf(method);
          if (throws.length === 0) problems.push(`${path}.${method.name}: no @throws`);
          else if (path.includes('.') && !throws[0]!.includes(validation)) {
            problems.push(
              `${path}.${method.name}: RequestValidationError is not the first @throws`,
            );
          }
          const unresolved = throws.flat().filter((target) => typeof target !== 'number');
          if (unresolved.length > 0) problems.push(`${path}.${method.name}: unresolved link`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(methods).toBeGreaterThan(80);
  });

  it("lists the error class of each status the reference server documents for a method's operation", () => {
    const byId = reflectionsById(site);
    const core = child(pkg('core'), 'index');
    const errorsOf = (client: string, path: string) => {
      const [owner, name] = [
        path.slice(0, path.lastIndexOf('.')),
        path.slice(path.lastIndexOf('.') + 1),
      ];
      const found = clientAndResources(child(pkg(client), 'index'), byId).find(
        (c) => c.path === owner,
      );
      const method = child(found?.reflection, name);
      return throwsOf(method!).map(([target]) => byId.get(target as number)?.reflection.name);
    };
    const common = [
      'InternalServerError',
      'APIConnectionError',
      'APITimeoutError',
      'APIUserAbortError',
    ];
    expect(errorsOf('docs-client', 'DocsClient.spaces.move')).toEqual(
      expect.arrayContaining(['BadRequestError', 'NotFoundError', 'ConflictError', ...common]),
    );
    // A deleted space's delete answers 204, never 404: no NotFoundError to catch.
    expect(errorsOf('docs-client', 'DocsClient.spaces.delete')).not.toContain('NotFoundError');
    expect(errorsOf('calendar-client', 'CalendarClient.events.delete')).toContain('GoneError');
    expect(errorsOf('mail-client', 'MailClient.servers.update')).toContain(
      'UnprocessableEntityError',
    );
    expect(errorsOf('idm-client', 'IdmClient.clients.list')).toContain('RateLimitError');
    // An answer with a body can come broken; an operation without one has none to parse.
    expect(errorsOf('docs-client', 'DocsClient.spaces.get')).toContain('APIResponseParseError');
    expect(errorsOf('docs-client', 'DocsClient.spaces.delete')).not.toContain(
      'APIResponseParseError',
    );
    expect(errorsOf('metering-client', 'MeteringClient.events.send')).toContain(
      'PayloadTooLargeError',
    );
    expect(child(core, 'ConflictError')?.kind).toBe(CLASS);
  });

  it('labels a resource class "Class", and a resource declared as an interface "Interface"', async () => {
    const byId = reflectionsById(site);
    const problems: string[] = [];
    for (const client of Object.keys(clients)) {
      const source = join(root, 'packages', client, 'src');
      const files = (await readdir(source, { recursive: true })).filter((f) => f.endsWith('.ts'));
      const sources = await Promise.all(files.map((file) => readFile(join(source, file), 'utf8')));
      for (const { path, reflection } of clientAndResources(child(pkg(client), 'index'), byId)) {
        const isClass = new RegExp(`export class ${reflection.name}\\b`).test(sources.join('\n'));
        if (reflection.kind !== (isClass ? CLASS : INTERFACE)) {
          problems.push(`${path} (${reflection.name}) is labelled ${reflection.kind}`);
        }
      }
    }
    expect(problems).toEqual([]);
    const spaces = child(child(pkg('docs-client'), 'index'), 'Spaces');
    expect(spaces?.kind).toBe(CLASS);
  });

  it("leaves Node's stack-trace statics off every error page, and keeps Error's own fields", () => {
    const node = ['captureStackTrace', 'prepareStackTrace', 'stackTraceLimit'];
    const found = [...reflectionsById(site).values()]
      .filter(({ reflection }) => node.includes(reflection.name))
      .map(({ reflection, parent }) => `${parent?.name}.${reflection.name}`);
    expect(found).toEqual([]);
    const notFound = child(child(pkg('core'), 'index'), 'NotFoundError');
    expect(child(notFound, 'message')).toBeDefined();
    expect(child(notFound, 'stack')).toBeDefined();
  });

  it('the calendar Event page links the Term, Organizer and Venue pages', () => {
    const byId = reflectionsById(site);
    const event = child(child(pkg('contracts'), 'calendar/response-schemas'), 'Event');
    const fieldType = (name: string) => child(event, name)?.type as Type;
    const linked = (type: Type | undefined) =>
      typeof type?.target === 'number' ? byId.get(type.target)?.reflection : undefined;
    for (const [field, model] of [
      ['categories', 'Term'],
      ['tags', 'Term'],
      ['organizer', 'Organizer'],
    ] as const) {
      const page = linked(fieldType(field).elementType);
      expect(`${field}: ${page?.name} ${page?.kind}`).toBe(`${field}: ${model} ${INTERFACE}`);
    }
    const venue = fieldType('venue')
      .types?.map(linked)
      .find((page) => page);
    expect(`${venue?.name} ${venue?.kind}`).toBe(`Venue ${INTERFACE}`);
  });

  it("no model field spells out another model of its interface: it links the model's page", () => {
    const problems: string[] = [];
    const contracts = pkg('contracts')?.children ?? [];
    const interfaceOf = (module: Reflection) => module.name.split('/')[0]!;
    const fieldsOf = (model: Reflection) =>
      (model.children ?? [])
        .map((f) => f.name)
        .sort()
        .join();
    for (const module of contracts) {
      const siblings = contracts.filter((other) => interfaceOf(other) === interfaceOf(module));
      const models = new Map(
        siblings
          .flatMap((m) => (m.children ?? []).filter((r) => r.kind === INTERFACE))
          .map((model) => [fieldsOf(model), model.name] as const),
      );
      for (const model of (module.children ?? []).filter((r) => r.kind === INTERFACE)) {
        for (const field of model.children ?? []) {
          for (const fields of spelledOut(field.type as Type)) {
            const named = models.get(fields);
            if (named)
              problems.push(`${module.name} ${model.name}.${field.name} spells out ${named}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('docs Space lists each mergeRules variant once, and rules as MergeRule[]', () => {
    const byId = reflectionsById(site);
    const space = child(child(pkg('contracts'), 'docs/response-schemas'), 'Space');
    const variants = (child(space, 'mergeRules')?.type as Type | undefined)?.types ?? [];
    const typeOf = (variant: Type) => {
      const type = child(variant.declaration, 'type')?.type as { value?: string } | undefined;
      return type?.value;
    };
    expect(variants.map(typeOf)).toEqual(['inherit', 'none', 'rules']);
    const rules = child(variants[2]?.declaration, 'rules')?.type as Type;
    expect(rules.type).toBe('array');
    const element = rules.elementType!;
    expect(element.name).toBe('MergeRule');
    expect(typeof element.target === 'number' && byId.get(element.target)?.reflection.kind).toBe(
      INTERFACE,
    );
  });

  it('gives every package a landing page with its README', () => {
    for (const name of [...Object.keys(clients), 'core', 'reference-server']) {
      const readme = (pkg(name)?.readme ?? []).map((part) => part.text).join('');
      expect(readme, name).toContain(`# @clientkit/${name}`);
      expect(readme, name).toMatch(/```(js|ts)/);
    }
  });
});
