import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../../../test-support/redis-server';
import { within } from '../../../test-support/within';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
/** Starting Node on a busy machine takes seconds; exiting after `close()` should take none. */
const PROMPT_EXIT_MS = 2_500;

let server: RedisServer;
let outdir: string;
let script: string;

// The script runs as an application would run it: bundled from the sources (core's through the
// repository's paths, node-redis from node_modules), once, then started by plain Node per test.
beforeAll(async () => {
  server = await startRedisServer();
  outdir = mkdtempSync(join(tmpdir(), 'clientkit-redis-exit-'));
  script = join(outdir, 'close-and-exit.mjs');
  await build({
    entryPoints: [join(root, 'packages/redis/test/fixtures/close-and-exit.ts')],
    outfile: script,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: join(root, 'tsconfig.base.json'),
    define: { __CLIENTKIT_VERSION__: JSON.stringify('0.0.0') },
    // node-redis is CommonJS: bundled into a module, it still calls require() for Node's modules.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}, 300_000);
afterAll(async () => {
  await server?.stop();
  rmSync(outdir, { recursive: true, force: true });
});

/** Runs the script; answers how long it took to exit after printing `ended`. */
async function exitDelayAfterEnding(ending: 'close' | 'dispose'): Promise<number> {
  const child = spawn(process.execPath, [script, server.url, ending], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let endedAt: number | undefined;
  child.stdout?.on('data', (chunk: Buffer) => {
    if (String(chunk).includes('ended')) endedAt ??= performance.now();
  });
  const [code] = await within(100_000, 'the script exited', once(child, 'exit'));
  expect(code).toBe(0);
  expect(endedAt).toBeDefined();
  return performance.now() - (endedAt as number);
}

describe('a script that uses a Redis coordination', () => {
  it('exits promptly after close()', { timeout: 120_000 }, async () => {
    expect(await exitDelayAfterEnding('close')).toBeLessThan(PROMPT_EXIT_MS);
  });

  it('exits promptly after await using ends it', { timeout: 120_000 }, async () => {
    expect(await exitDelayAfterEnding('dispose')).toBeLessThan(PROMPT_EXIT_MS);
  });

  it('exits promptly after close() while Redis is down', { timeout: 120_000 }, async () => {
    await server.kill();
    try {
      expect(await exitDelayAfterEnding('close')).toBeLessThan(PROMPT_EXIT_MS);
    } finally {
      await server.restart();
    }
  });
});
