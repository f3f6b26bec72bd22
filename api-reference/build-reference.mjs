// @ts-check
// Builds the API reference as TypeDoc's JSON (the repository's typedoc.json and plugins, every
// package), into dist/api.json, with TypeDoc's output beside it in dist/typedoc.log for the test
// to read. A turbo task (`docs`) runs it before this package's test: building takes minutes on a
// busy machine, which no test time limit should have to cover, and turbo caches the result.
import { spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const dist = join(here, 'dist');

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
const { code, output } = await typedoc(['--json', join(dist, 'api.json')]);
await writeFile(join(dist, 'typedoc.log'), output);
process.stdout.write(output);
process.exitCode = code ?? 1;

/**
 * @param {string[]} args
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function typedoc(args) {
  const child = spawn(join(root, 'node_modules/.bin/typedoc'), args, { cwd: root });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk) => {
    output += chunk.toString();
  });
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => done({ code, output }));
  });
}
