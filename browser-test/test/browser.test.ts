import { readdir, readFile, realpath } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createReferenceServer, type ReferenceServer } from '@clientkit/reference-server';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The browser imports the packages as an application's bundler-free page would: by bare specifier,
 * through an import map that points at the built ESM files (`packages/<x>/dist/*.js`) and at every
 * bare specifier those import (ky and zod, each from its own package). The page is served from one 127.0.0.1 origin and the reference server
 * listens on another, so every call is a cross-origin request that needs the server's CORS answers.
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const packageNames = [
  'core',
  'docs-client',
  'calendar-client',
  'metering-client',
  'mail-client',
  'idm-client',
];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type ExportTarget = string | { import?: ExportTarget; default?: ExportTarget } | null | undefined;
interface PackageJson {
  name: string;
  exports?: Record<string, ExportTarget>;
}

/** The ESM file an `exports` entry gives under the `import` condition, if any. */
function esmFile(target: ExportTarget): string | undefined {
  if (typeof target === 'string') return target.endsWith('.cjs') ? undefined : target;
  if (!target) return undefined;
  return esmFile(target.import) ?? esmFile(target.default);
}

/** The export of `subpath`; an `exports` of conditions only (no `./` keys) is the `.` export. */
function subpathExport(exports: PackageJson['exports'], subpath: string): ExportTarget {
  if (!exports || Object.keys(exports).some((key) => key.startsWith('.')))
    return exports?.[subpath];
  return subpath === '.' ? (exports as ExportTarget) : undefined;
}

/** The real path of the first of `files` that exists. */
async function firstExisting(files: string[]): Promise<string | undefined> {
  for (const file of files) {
    try {
      return await realpath(file);
    } catch {
      // not there: try the next
    }
  }
  return undefined;
}

/** The URL path the static server serves a file under the repository root at. */
function urlOf(file: string): string {
  const path = relative(repoRoot, file);
  if (path.startsWith('..') || isAbsolute(path)) throw new Error(`${file} is outside ${repoRoot}`);
  return `/${path.split(sep).join('/')}`;
}

const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as PackageJson;

/** Maps every export of the six packages, then every other bare specifier their dist files import. */
async function buildImportMap(): Promise<{ imports: Record<string, string> }> {
  const imports: Record<string, string> = {};
  const distFiles: string[] = [];
  for (const name of packageNames) {
    const dir = join(repoRoot, 'packages', name);
    const manifest = await readJson(join(dir, 'package.json'));
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const file = esmFile(target);
      if (!file?.endsWith('.js')) continue;
      const specifier = manifest.name + subpath.slice(1);
      imports[specifier] = urlOf(resolve(dir, file));
    }
    // Every ES module of the build, its shared chunks included: they import ky and zod.
    const dist = join(dir, 'dist');
    for (const file of await readdir(dist, { recursive: true })) {
      if (file.endsWith('.js')) distFiles.push(join(dist, file));
    }
  }
  const bare = new Set<string>();
  for (const file of distFiles) {
    const source = await readFile(file, 'utf8');
    for (const match of source.matchAll(/\b(?:from|import)\s*\(?\s*['"]([@a-z][\w@/.:-]*)['"]/g)) {
      bare.add(match[1]!);
    }
  }
  const unresolved: string[] = [];
  for (const specifier of [...bare].filter((s) => !(s in imports)).sort()) {
    const parts = specifier.split('/');
    const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
    const subpath = `.${specifier.slice(name.length)}`;
    // Found as a client package finds it (pnpm links zod and ky into core's node_modules). Not
    // through require.resolve('<name>/package.json'): a package such as ky exports only its entry.
    const searched = createRequire(join(repoRoot, 'packages/core/package.json')).resolve.paths(
      name,
    );
    const manifestFile = await firstExisting(
      (searched ?? []).map((dir) => join(dir, name, 'package.json')),
    );
    if (!manifestFile) {
      unresolved.push(specifier);
      continue;
    }
    const file = esmFile(subpathExport((await readJson(manifestFile)).exports, subpath));
    if (file) imports[specifier] = urlOf(resolve(dirname(manifestFile), file));
    else unresolved.push(specifier);
  }
  if (unresolved.length > 0) {
    throw new Error(`No browser ESM file for: ${unresolved.join(', ')} (imported by a dist file)`);
  }
  return { imports };
}

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Serves the page at `/` and the repository's .js/.mjs/.map files, nothing outside the root. */
function startStaticServer(html: string): Promise<{ server: Server; origin: string }> {
  const server = createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      return;
    }
    try {
      const file = await realpath(resolve(repoRoot, `.${decodeURIComponent(pathname)}`));
      const inside = relative(repoRoot, file);
      const type = contentTypes[extname(file)];
      if (!type || inside.startsWith('..') || isAbsolute(inside)) throw new Error('not served');
      res.writeHead(200, { 'content-type': type }).end(await readFile(file));
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

/** The page's loader: an `import()` written in the page, so the import map resolves it. */
declare global {
  var importModule: (specifier: string) => Promise<unknown>;
}

describe('browser (headless Chromium)', () => {
  let reference: ReferenceServer;
  let apiUrl: string;
  let pageOrigin: string;
  let staticServer: Server;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const loaded: string[] = [];
  const apiRequests: string[] = [];

  beforeAll(async () => {
    reference = await createReferenceServer();
    ({ url: apiUrl } = await reference.listen(0, '127.0.0.1'));
    const importMap = await buildImportMap();
    // The loader is defined by the page itself: the test file's own `import()` calls are rewritten
    // by Vitest's module runner, so a function passed to `page.evaluate` calls this one instead.
    const html = `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>clientkit browser test</title>
<script type="importmap">${JSON.stringify({ imports: importMap.imports })}</script>
<script type="module">globalThis.importModule = (specifier) => import(specifier);</script>
</head><body></body></html>`;
    ({ server: staticServer, origin: pageOrigin } = await startStaticServer(html));

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error')
        pageErrors.push(`${message.text()} ${message.location().url}`);
    });
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === pageOrigin) loaded.push(url.pathname);
    });
    page.on('request', (request) => {
      if (new URL(request.url()).origin === apiUrl)
        apiRequests.push(`${request.method()} ${request.url()}`);
    });
    await page.goto(`${pageOrigin}/`);
  });

  afterAll(async () => {
    await browser?.close();
    if (staticServer) await new Promise((done) => staticServer.close(done));
    await reference?.close();
  });

  it("each client's ESM build runs in headless Chromium and calls the reference server across origins (CORS)", async () => {
    const idmToken = await reference.idm.mintToken();
    const result = await page.evaluate(
      async ({ url, idmToken }) => {
        const core = (await importModule('@clientkit/core')) as typeof import('@clientkit/core');
        const docsModule = (await importModule(
          '@clientkit/docs-client',
        )) as typeof import('@clientkit/docs-client');
        const calendarModule = (await importModule(
          '@clientkit/calendar-client',
        )) as typeof import('@clientkit/calendar-client');
        const meteringModule = (await importModule(
          '@clientkit/metering-client',
        )) as typeof import('@clientkit/metering-client');
        const mailModule = (await importModule(
          '@clientkit/mail-client',
        )) as typeof import('@clientkit/mail-client');
        const idmModule = (await importModule(
          '@clientkit/idm-client',
        )) as typeof import('@clientkit/idm-client');

        // A token function, as a page would fetch short-lived tokens from its server: allowed in a page.
        const docs = new docsModule.DocsClient({
          baseUrl: url,
          token: async () => 'docs-dev-user-ada',
        });
        const space = await docs.spaces.get('space_handbook');

        const calendar = new calendarModule.CalendarClient({ baseUrl: url });
        const events = await calendar.events.list({ per_page: 2 });

        const metering = new meteringModule.MeteringClient({
          baseUrl: url,
          apiKey: 'sk_test_clientkit_dev_key',
          dangerouslyAllowBrowser: true,
        });
        const sent = await metering.events.send([
          {
            event_name: 'api_call',
            payload: { stripe_customer_id: 'cus_browser', value: '3' },
          },
        ]);

        const mail = new mailModule.MailClient({
          baseUrl: url,
          accountToken: 'mail-dev-account-token',
          dangerouslyAllowBrowser: true,
        });
        const mailServer = await mail.servers.get(1);

        const idm = new idmModule.IdmClient({ baseUrl: url, token: async () => idmToken });
        const created = await idm.clients.create(
          { name: 'Browser App', app_type: 'spa' },
          { correlationId: 'browser-test-1' },
        );
        const clients = await idm.clients.list().toArray(); // every page
        const { response } = await idm.clients.list().withResponse();

        return {
          origin: location.origin,
          sameCoreVersion: core.VERSION,
          docs: { id: space.id, title: space.title },
          calendar: { count: events.items.length, titles: events.items.map((e) => e.title) },
          metering: { identifier: sent.events[0]?.identifier, sessions: metering.sessionsCreated },
          mail: { id: mailServer.ID, name: mailServer.Name },
          idm: {
            created: created.client_id,
            listed: clients.map((c) => c.client_id),
            requestId: response.headers.get('x-request-id'),
            rateLimit: response.headers.get('x-ratelimit-limit'),
          },
        };
      },
      { url: apiUrl, idmToken },
    );

    expect(pageErrors).toEqual([]);
    expect(result.origin).toBe(pageOrigin);
    expect(new URL(apiUrl).origin).not.toBe(pageOrigin);
    expect(result.sameCoreVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(result.docs).toEqual({ id: 'space_handbook', title: expect.any(String) });
    expect(result.calendar.count).toBe(2);
    expect(result.metering.identifier).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.metering.sessions).toBe(1);
    expect(result.mail.id).toBe(1);
    expect(result.idm.listed).toContain(result.idm.created);
    // Read from a cross-origin response, so only visible because the server exposes them.
    expect(result.idm.requestId).toMatch(/\S/);
    expect(result.idm.rateLimit).toMatch(/^\d+$/);

    // The server saw what the browser sent: the metered event was counted.
    await reference.clock.settle();
    expect(reference.metering.lookup(result.metering.identifier!)?.payload).toMatchObject({
      stripe_customer_id: 'cus_browser',
    });

    // The modules the page ran are the built ESM files, not sources.
    for (const name of packageNames) expect(loaded).toContain(`/packages/${name}/dist/index.js`);
    expect(loaded.some((path) => path.includes('/src/'))).toBe(false);
    // ky and zod are dependencies, never bundled: the page loads each from its own package.
    for (const name of ['zod', 'ky']) {
      expect(loaded.some((path) => path.includes(`/node_modules/${name}/`))).toBe(true);
    }
    for (const prefix of ['/v1/', '/wp-json/', '/api/v2/']) {
      expect(apiRequests.some((request) => request.includes(`${apiUrl}${prefix}`))).toBe(true);
    }
  });

  it("a 404 reaches browser code as the client's NotFoundError, with status and request id readable across origins", async () => {
    const result = await page.evaluate(async (url) => {
      const { DocsClient, NotFoundError, APIError } = (await importModule(
        '@clientkit/docs-client',
      )) as typeof import('@clientkit/docs-client');
      const core = (await importModule('@clientkit/core')) as typeof import('@clientkit/core');
      const docs = new DocsClient({ baseUrl: url, token: () => 'docs-dev-user-ada' });
      try {
        await docs.spaces.get('nope');
        return { rejected: false };
      } catch (error) {
        return {
          rejected: true,
          isNotFound: error instanceof NotFoundError,
          isApiError: error instanceof APIError,
          isCoreNotFound: error instanceof core.NotFoundError,
          status: (error as InstanceType<typeof NotFoundError>).status,
          requestId: (error as InstanceType<typeof NotFoundError>).requestId,
          name: (error as Error).name,
        };
      }
    }, apiUrl);

    expect(result).toMatchObject({
      rejected: true,
      isNotFound: true,
      isApiError: true,
      isCoreNotFound: true,
      status: 404,
    });
    expect(result.requestId).toMatch(/\S/);
    // Chromium logs every 4xx response; this one is expected, and nothing else may be logged.
    expect(pageErrors.splice(0)).toEqual([
      expect.stringContaining(`status of 404 (Not Found) ${apiUrl}/v1/spaces/nope`),
    ]);
  });

  it('bad input is refused in the browser before sending, with RequestValidationError', async () => {
    const before = apiRequests.length;
    const result = await page.evaluate(async (url) => {
      const { MeteringClient, RequestValidationError } = (await importModule(
        '@clientkit/metering-client',
      )) as typeof import('@clientkit/metering-client');
      const { DocsClient } = (await importModule(
        '@clientkit/docs-client',
      )) as typeof import('@clientkit/docs-client');
      const refused = async (call: () => Promise<unknown>) => {
        try {
          await call();
          return { refused: false };
        } catch (error) {
          return {
            refused: error instanceof RequestValidationError,
            message: (error as Error).message,
          };
        }
      };
      const metering = new MeteringClient({
        baseUrl: url,
        apiKey: 'sk_test_clientkit_dev_key',
        dangerouslyAllowBrowser: true,
      });
      const docs = new DocsClient({ baseUrl: url, token: () => 'docs-dev-user-ada' });
      return {
        noEvents: await refused(() => metering.events.send([])),
        emptyId: await refused(() => docs.spaces.get('')),
      };
    }, apiUrl);

    expect(result.noEvents).toMatchObject({ refused: true });
    expect(result.emptyId).toMatchObject({ refused: true });
    expect(apiRequests.length).toBe(before);
    expect(pageErrors).toEqual([]);
  });

  it('clients that hold a long-lived secret refuse to run in the page unless dangerouslyAllowBrowser is true; token functions and nonces are allowed', async () => {
    const before = apiRequests.length;
    const result = await page.evaluate(async (url) => {
      const { MeteringClient } = (await importModule(
        '@clientkit/metering-client',
      )) as typeof import('@clientkit/metering-client');
      const { MailClient } = (await importModule(
        '@clientkit/mail-client',
      )) as typeof import('@clientkit/mail-client');
      const { IdmClient, clientCredentials } = (await importModule(
        '@clientkit/idm-client',
      )) as typeof import('@clientkit/idm-client');
      const { DocsClient } = (await importModule(
        '@clientkit/docs-client',
      )) as typeof import('@clientkit/docs-client');
      const { CalendarClient, basicAuth, nonceAuth } = (await importModule(
        '@clientkit/calendar-client',
      )) as typeof import('@clientkit/calendar-client');
      const refusal = (build: () => unknown) => {
        try {
          build();
          return 'built';
        } catch (error) {
          return (error as Error).message;
        }
      };
      const credentials = () =>
        clientCredentials({ clientId: 'app', clientSecret: 'secret', audience: `${url}/api/v2/` });
      return {
        metering: refusal(() => new MeteringClient({ baseUrl: url, apiKey: 'sk_test_x' })),
        mail: refusal(() => new MailClient({ baseUrl: url, accountToken: 'token' })),
        idmCredentials: refusal(() => new IdmClient({ baseUrl: url, auth: credentials() })),
        idmCredentialsAllowed: refusal(
          () => new IdmClient({ baseUrl: url, auth: credentials(), dangerouslyAllowBrowser: true }),
        ),
        idmToken: refusal(() => new IdmClient({ baseUrl: url, token: 'a.b.c' })),
        idmTokenFunction: refusal(() => new IdmClient({ baseUrl: url, token: () => 'a.b.c' })),
        docs: refusal(() => new DocsClient({ baseUrl: url, token: 'docs-dev-user-ada' })),
        docsAllowed: refusal(
          () =>
            new DocsClient({
              baseUrl: url,
              token: 'docs-dev-user-ada',
              dangerouslyAllowBrowser: true,
            }),
        ),
        docsTokenFunction: refusal(() => new DocsClient({ baseUrl: url, token: async () => 't' })),
        calendarPassword: refusal(
          () => new CalendarClient({ baseUrl: url, auth: basicAuth('editor', 'app password') }),
        ),
        calendarNonce: refusal(
          () => new CalendarClient({ baseUrl: url, auth: nonceAuth('0123456789') }),
        ),
        calendarPublic: refusal(() => new CalendarClient({ baseUrl: url })),
      };
    }, apiUrl);

    expect(result.metering).toMatch(
      /^Invalid options of MeteringClient: dangerouslyAllowBrowser must be true to run in a browser: its API key/,
    );
    expect(result.mail).toMatch(/dangerouslyAllowBrowser must be true .*its account token/);
    expect(result.idmCredentials).toMatch(
      /dangerouslyAllowBrowser must be true .*its client secret/,
    );
    expect(result.idmCredentialsAllowed).toBe('built');
    expect(result.idmToken).toMatch(/dangerouslyAllowBrowser must be true .*its token/);
    expect(result.idmTokenFunction).toBe('built');
    expect(result.docs).toMatch(
      /^Invalid options of DocsClient: dangerouslyAllowBrowser must be true to run in a browser: its token/,
    );
    expect(result.docsAllowed).toBe('built');
    expect(result.docsTokenFunction).toBe('built');
    expect(result.calendarPassword).toMatch(
      /dangerouslyAllowBrowser must be true .*its application password/,
    );
    expect(result.calendarNonce).toBe('built');
    expect(result.calendarPublic).toBe('built');
    expect(apiRequests.length).toBe(before);
    expect(pageErrors).toEqual([]);
  });
});
