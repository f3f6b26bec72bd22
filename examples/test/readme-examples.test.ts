import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createReferenceServer,
  developmentEnvironment,
  type ReferenceServer,
} from '@clientkit/reference-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../../test-support/redis-server';

// Every ```js block of every README runs as printed, as a user would paste it into an .mjs file:
// a Node child process, importing the built packages by name (resolved from this package's
// node_modules), against a reference server on 127.0.0.1. Blocks read the server's address from
// CLIENTKIT_BASE_URL, falling back to the address `pnpm serve` listens on; the credentials they
// use are the reference server's development ones, so nothing else is substituted.
// A block fenced ```js continued goes on from the README's first ```js block (it uses what that one
// set up, as a reader who pasted both would), so it runs with that block in front of it.
// A block fenced ```js env runs on its own with the variables `pnpm serve` prints as export lines
// (developmentEnvironment) and no other CLIENTKIT_* one, as in a shell where a reader pasted them.
// A block fenced ```js redis runs like a ```js one, with REDIS_URL naming a real redis-server that
// this test starts (no persistence, a free port on 127.0.0.1), as a fleet's processes would share.
// A block that cannot run here says so in its fence: ```js no-run, followed by the reason.
// A block fenced ```ts example=<path> (or js) is, word for word, the file at <path> under examples/,
// which another test runs (the test kit's examples, under their own test runners). The path is
// relative to examples/ because a package README may not name the repository's folders.

const examplesDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(examplesDir, '..');
const readmes = [
  join(root, 'README.md'),
  ...readdirSync(join(root, 'packages')).map((dir) => join(root, 'packages', dir, 'README.md')),
];

interface Block {
  readme: string;
  line: number;
  info: string;
  code: string;
}

function blocksOf(file: string): Block[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^```(\S.*)?$/.exec(lines[i] ?? '');
    if (!open) continue;
    const end = lines.findIndex((text, j) => j > i && text === '```');
    if (end < 0) throw new Error(`${file}:${i + 1}: code block never closed`);
    blocks.push({
      readme: relative(root, file),
      line: i + 1,
      info: (open[1] ?? '').trim(),
      code: lines.slice(i + 1, end).join('\n'),
    });
    i = end;
  }
  return blocks;
}

const blocks = readmes.flatMap(blocksOf);
/** The fence of a block that copies a file under examples/, which another test runs. */
const FILE_FENCE = /^(?:ts|js) example=(\S+)$/;
const runnableFences = ['js', 'js continued', 'js env', 'js redis'];
const runnable = blocks
  .filter((block) => runnableFences.includes(block.info))
  .map((block) => ({ ...block, program: programOf(block) }));

function programOf(block: Block): string {
  if (block.info !== 'js continued') return block.code;
  const first = blocks.find((other) => other.readme === block.readme && other.info === 'js');
  if (!first || first.line > block.line) {
    throw new Error(
      `${block.readme}:${block.line}: a continued block needs a \`\`\`js block above it`,
    );
  }
  return `${first.code}\n${block.code}`;
}

/**
 * What a block runs with: the server's address, or for `js env` the whole development
 * environment; a `js redis` block also gets REDIS_URL.
 */
function environmentOf(block: Block, baseUrl: string): NodeJS.ProcessEnv {
  const base = withoutClientkit(withoutProxy(process.env));
  const added =
    block.info === 'js env' ? developmentEnvironment(baseUrl) : { CLIENTKIT_BASE_URL: baseUrl };
  const redis = block.info === 'js redis' ? { REDIS_URL: redisServer.url } : {};
  return { ...base, ...added, ...redis, CLIENTKIT_LOG: 'off' };
}

function runBlock(code: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '--no-warnings'],
      { cwd: examplesDir, env, timeout: 50_000 },
      (error, stdout, stderr) => {
        done({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          output: `${stdout}${stderr}`,
        });
      },
    );
    child.stdin?.end(code);
  });
}

// Variables the machine running the tests exported would configure clients the README does not.
function withoutClientkit(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('CLIENTKIT_')));
}

// The blocks talk to 127.0.0.1 directly; a proxy from the environment would stand in between.
function withoutProxy(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => !/^(https?|all|no)_proxy$/i.test(name)),
  );
}

let server: ReferenceServer;
let url: string;
let redisServer: RedisServer;
beforeAll(async () => {
  server = await createReferenceServer();
  ({ url } = await server.listen(0, '127.0.0.1'));
  redisServer = await startRedisServer();
});
afterAll(async () => {
  await server.close();
  await redisServer?.stop();
});
beforeEach(() => server.reset());

describe('README examples', () => {
  it('are JavaScript that runs, or say in their fence why they do not run', () => {
    const unmarked = blocks
      .filter((block) => /^(ts|typescript|js|javascript|mjs)\b/.test(block.info))
      .filter(
        (block) =>
          !runnableFences.includes(block.info) &&
          !/^js no-run\S*\s+\S/.test(block.info) &&
          !FILE_FENCE.test(block.info),
      )
      .map((block) => `${block.readme}:${block.line} \`\`\`${block.info}`);
    expect(unmarked).toEqual([]);
  });

  it('fenced example=<path>, are that file under examples/ word for word', () => {
    const copies = blocks.filter((block) => FILE_FENCE.test(block.info));
    const differing = copies
      .filter((block) => {
        const file = join(examplesDir, FILE_FENCE.exec(block.info)?.[1] ?? '');
        return !existsSync(file) || readFileSync(file, 'utf8') !== `${block.code}\n`;
      })
      .map((block) => `${block.readme}:${block.line} \`\`\`${block.info}`);
    expect(copies.length).toBeGreaterThan(0);
    expect(differing).toEqual([]);
  });

  it('read the base URL from CLIENTKIT_BASE_URL when they talk to a server', () => {
    const fixed = runnable
      .filter((block) => ['js', 'js redis'].includes(block.info))
      .filter((block) => block.code.includes('127.0.0.1:4010'))
      .filter(
        (block) =>
          !block.code.includes("process.env.CLIENTKIT_BASE_URL ?? 'http://127.0.0.1:4010'"),
      )
      .map((block) => `${block.readme}:${block.line}`);
    expect(fixed).toEqual([]);
  });

  it('fenced js redis, read the Redis URL from REDIS_URL', () => {
    const fixed = runnable
      .filter((block) => block.info === 'js redis')
      .filter((block) => !block.code.includes("process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'"))
      .map((block) => `${block.readme}:${block.line}`);
    expect(runnable.some((block) => block.info === 'js redis')).toBe(true);
    expect(fixed).toEqual([]);
  });

  it('the root README links only to files and folders the repository holds', () => {
    const text = readFileSync(join(root, 'README.md'), 'utf8').replace(
      /^```[^\n]*\n[\s\S]*?^```/gm,
      '',
    );
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map(([, target]) => (target ?? '').split('#')[0] ?? '')
      .filter((target) => target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target));
    expect(targets.length).toBeGreaterThan(0);
    const missing = targets.filter(
      (target) => target.startsWith('..') || !existsSync(join(root, target)),
    );
    expect(missing).toEqual([]);
    expect(text).not.toMatch(/\.\.\/shared\//);
  });

  it.each(
    runnable.map((block) => [`${block.readme}, the block at line ${block.line}`, block] as const),
  )('%s runs as printed against the reference server', async (_name, block) => {
    const result = await runBlock(block.program, environmentOf(block, url));
    expect(
      result.output && result.code !== 0 ? result.output : '',
      `exit code ${result.code}`,
    ).toBe('');
    expect(result.code).toBe(0);
  });
});
