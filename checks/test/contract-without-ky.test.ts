import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { workspaceRoot } from '../src/published-packages';

/**
 * The contracts and the reference server are data and a server: they need zod, never the HTTP
 * layer of the clients. Each program below loads one built entry in a fresh Node process, as an
 * application would, and prints every module file Node loaded for it.
 */
function loadedFiles(program: string): string[] {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', program], {
    cwd: `${workspaceRoot}/checks`,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as string[];
}

/** Loads `specifier` with `require` and lists what is then in the module cache. */
const required = (specifier: string) => `
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
require(${JSON.stringify(specifier)});
console.log(JSON.stringify(Object.keys(require.cache)));`;

/**
 * Imports `specifier` with a resolve hook that reports every module it resolves, then asks the
 * hook's thread for an echo: messages on one port arrive in order, so when the echo comes back
 * every resolution before it has been reported.
 */
const imported = (specifier: string) => `
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const hooks = \`
let port;
export function initialize(data) { port = data.port; port.on('message', (m) => port.postMessage(m)); }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  port.postMessage(resolved.url);
  return resolved;
}\`;
const { port1, port2 } = new MessageChannel();
const loaded = [];
register('data:text/javascript,' + encodeURIComponent(hooks), {
  data: { port: port2 },
  transferList: [port2],
});
await import(${JSON.stringify(specifier)});
await new Promise((done) => {
  port1.on('message', (url) => (url === 'flushed' ? done() : loaded.push(url)));
  port1.postMessage('flushed');
});
port1.close();
console.log(JSON.stringify(loaded));`;

const entries = [
  '@clientkit/reference-server',
  '@clientkit/contracts/docs',
  '@clientkit/contracts/calendar',
  '@clientkit/contracts/metering',
  '@clientkit/contracts/mail',
  '@clientkit/contracts/idm',
];

const fromKy = (files: string[]) => files.filter((file) => /[/@]ky[@/]/.test(file));

describe('the contract is data: the contracts and the reference server load no ky', () => {
  it.each(entries)('importing %s (ES modules) loads zod and no module of ky', (entry) => {
    const files = loadedFiles(imported(entry));
    expect(files.some((file) => /[/@]zod[@/]/.test(file))).toBe(true);
    expect(fromKy(files)).toEqual([]);
  });

  it.each(entries)('requiring %s (CommonJS) loads zod and no module of ky', (entry) => {
    const files = loadedFiles(required(entry));
    expect(files.some((file) => /[/@]zod[@/]/.test(file))).toBe(true);
    expect(fromKy(files)).toEqual([]);
  });

  it('a client, by contrast, loads ky: the check sees it when it is there', () => {
    expect(fromKy(loadedFiles(imported('@clientkit/docs-client')))).not.toEqual([]);
    expect(fromKy(loadedFiles(required('@clientkit/docs-client')))).not.toEqual([]);
  });
});
