import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createReferenceServer, type ReferenceServer } from '@clientkit/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A script that dies of an error it does not catch: what Node prints must fit on a screen and say
// what happened (the error's class and message, its status, code and request id, and where the
// script made the call), and must not show the token. Each script runs as a user's .mjs file
// would: a Node child process importing the built packages by name.

const examplesDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TOKEN = 'docs-dev-user-ada';
const MAX_LINES = 30;

interface Died {
  code: number | null;
  output: string;
  lines: string[];
}

/** Runs `program` as an ES module with `env`, and what it printed when it ended. */
function run(program: string, env: Record<string, string>): Promise<Died> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '--no-warnings'],
      {
        cwd: examplesDir,
        env: { PATH: process.env.PATH ?? '', ...env },
        timeout: 50_000,
      },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`;
        done({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          output,
          lines: output.trimEnd().split('\n'),
        });
      },
    );
    child.stdin?.end(program);
  });
}

/** A script that reads a space with the token given in its environment, as an application would. */
const readSpace = (spaceId: string) => `
import { DocsClient } from '@clientkit/docs-client';

const docs = new DocsClient({ baseUrl: process.env.BASE_URL, token: process.env.DOCS_TOKEN });
await docs.spaces.get('${spaceId}');
`;

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

let server: ReferenceServer;
let url: string;
beforeAll(async () => {
  server = await createReferenceServer();
  ({ url } = await server.listen(0, '127.0.0.1'));
});
afterAll(() => server.close());

describe('a script that dies of an uncaught error', () => {
  it(`prints a 404 in under ${MAX_LINES} lines, with its class, code, request id and the calling line, and no token`, async () => {
    const died = await run(readSpace('space_missing'), { BASE_URL: url, DOCS_TOKEN: TOKEN });
    expect(died.code).toBe(1);
    expect(died.lines.length, died.output).toBeLessThan(MAX_LINES);
    expect(died.output).toMatch(
      /NotFoundError: 404: .* \(GET http:\/\/127\.0\.0\.1:\d+\/v1\/spaces\/space_missing\) \[request req_\w+\]/,
    );
    expect(died.output).toMatch(/requestId: 'req_\w+'/);
    expect(died.output).toContain('status: 404');
    expect(died.output).toContain("operation: 'docs.spaces.get'");
    // The script's own line that made the call: line 5 of the program.
    expect(died.output).toMatch(/\[eval1\]:5:\d+/);
    expect(died.output).not.toContain(TOKEN);
    expect(died.output).not.toContain('Headers {');
  });

  it(`prints a refused connection in under ${MAX_LINES} lines, saying where, after how many attempts, and what to check`, async () => {
    const port = await closedPort();
    const origin = `http://127.0.0.1:${port}`;
    const died = await run(readSpace('space_handbook'), { BASE_URL: origin, DOCS_TOKEN: TOKEN });
    expect(died.code).toBe(1);
    expect(died.lines.length, died.output).toBeLessThan(MAX_LINES);
    expect(died.output).toContain(`APIConnectionError: Connection refused by 127.0.0.1:${port}`);
    expect(died.output).toMatch(/3 attempts over \d+\.\d s/);
    expect(died.output).toContain(`is the service running at ${origin}?`);
    expect(died.output).not.toContain(TOKEN);
  });
});
