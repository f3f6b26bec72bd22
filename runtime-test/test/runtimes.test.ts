import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createReferenceServer, type ReferenceServer } from '@clientkit/reference-server';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_PREFIX, type SmokeResult } from '../src/smoke';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => join(packageDir, 'node_modules/.bin', name);

/** The version of each runtime as pinned in this package's devDependencies. */
const pinned = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'))
  .devDependencies as Record<'bun' | 'deno' | 'workerd', string>;

/** Runs a command in this package's folder; resolves with its exit code and all it printed. */
function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, { cwd: packageDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code) => done({ code, output }));
  });
}

/** The results line a runtime printed, parsed. */
function resultsOf(output: string): SmokeResult[] {
  const line = output.split('\n').find((text) => text.startsWith(RESULT_PREFIX));
  if (!line) throw new Error(`no results in the output:\n${output}`);
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as SmokeResult[];
}

/** What every runtime must report: one call answered by the server and one error per client. */
const expected: SmokeResult[] = [
  { client: 'docs', call: 'space_handbook', error: 'NotFoundError' },
  { client: 'calendar', call: 'Runtime Hall', error: 'NotFoundError' },
  { client: 'metering', call: '1 event', error: 'AuthenticationError' },
  { client: 'mail', call: 'Acme Support', error: 'NotFoundError' },
  { client: 'idm', call: '1 client', error: 'NotFoundError' },
];

/**
 * A workerd config with the worker bundle and the origin as a text binding. Workers may only reach
 * public addresses by default; the one outbound service here allows loopback ("local") and nothing else.
 */
function workerdConfig(origin: string): string {
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "smoke", worker = .smokeWorker),
    (name = "loopback", network = (allow = ["local"])),
  ],
);

const smokeWorker :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "worker.js")],
  compatibilityDate = "2026-11-01",
  bindings = [(name = "ORIGIN", text = ${JSON.stringify(origin)})],
  globalOutbound = "loopback",
);
`;
}

describe('each client in Bun, Deno and workerd, against a reference server run by Node', () => {
  let reference: ReferenceServer;
  let origin: string;
  let workDir: string;

  beforeAll(async () => {
    reference = await createReferenceServer();
    ({ url: origin } = await reference.listen(0, '127.0.0.1'));
    workDir = await mkdtemp(join(tmpdir(), 'clientkit-runtimes-'));
  });

  afterAll(async () => {
    await reference?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it(`Bun ${pinned.bun}: every client constructs, makes one call and gets one error of the right class`, async () => {
    // Bun applies the nearest tsconfig's paths even inside a linked workspace package, which would
    // load the clients' sources; this package's tsconfig has none, so the built files load.
    const { code, output } = await run(bin('bun'), [
      '--tsconfig-override=tsconfig.json',
      'src/bun.ts',
      origin,
    ]);
    expect(code, output).toBe(0);
    expect(resultsOf(output)).toEqual(expected);
  });

  it(`Deno ${pinned.deno}: every client constructs, makes one call and gets one error of the right class`, async () => {
    const { code, output } = await run(bin('deno'), [
      'run',
      '--allow-net=127.0.0.1',
      '--allow-read',
      '--allow-env',
      'src/deno.ts',
      origin,
    ]);
    expect(code, output).toBe(0);
    expect(resultsOf(output)).toEqual(expected);
  });

  it(`workerd ${pinned.workerd}: every client, bundled into a worker, constructs, makes one call and gets one error of the right class`, async () => {
    await build({
      entryPoints: [join(packageDir, 'src/worker.ts')],
      outfile: join(workDir, 'worker.js'),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['workerd', 'worker', 'browser'],
      tsconfig: join(packageDir, 'tsconfig.json'),
      logLevel: 'warning',
      // A package's chunks import the chunks before them for their order only; with
      // `sideEffects: false` the bundler is right to drop such an import, and need not say so.
      logOverride: { 'ignored-bare-import': 'silent' },
    });
    await writeFile(join(workDir, 'config.capnp'), workerdConfig(origin));
    const { code, output } = await run(bin('workerd'), ['test', join(workDir, 'config.capnp')]);
    expect(code, output).toBe(0);
    expect(output).toContain('[ PASS ] smoke');
    expect(resultsOf(output)).toEqual(expected);
  });
});
