import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { APITimeoutError, DocsClient } from '@clientkit/docs-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFaultWaits } from '../src/faults/waits';
import { createReferenceServer, type ReferenceServer } from '../src/index';
import { programFromSource } from './support/program-from-source';

const SPACE = '/v1/spaces/space_handbook';
/** The client's timeout, against a wait ten times as long. */
const TIMEOUT_MS = 300;
const WAIT_MS = 3_000;

/** Each wait a fault can start, added to `server`. */
const kinds = {
  latency: (server: ReferenceServer) => server.faults.add({ path: SPACE, latencyMs: WAIT_MS }),
  'chaos latency': (server: ReferenceServer) =>
    server.faults.chaos({ rate: 1, kinds: ['latency'], latencyMs: WAIT_MS, paths: [SPACE] }),
  stall: (server: ReferenceServer) => server.faults.add({ path: SPACE, kind: 'stall' }),
};

describe('the register of fault waits', () => {
  it('ends a latency when its request’s signal aborts, and keeps no wait open', async () => {
    const waits = createFaultWaits();
    const controller = new AbortController();
    const waited = waits.delay(60_000, controller.signal);
    expect(waits.open).toBe(1);
    controller.abort();
    expect(await waited).toBe(false);
    expect(waits.open).toBe(0);
  });

  it('ends every wait when it closes, and a wait that starts afterwards at once', async () => {
    const waits = createFaultWaits();
    const signal = new AbortController().signal;
    const latency = waits.delay(60_000, signal);
    const stall = new Promise<void>((resolve) => waits.hold(resolve));
    waits.close();
    expect(await latency).toBe(false);
    await stall;
    expect(await waits.delay(60_000, signal)).toBe(false);
    await new Promise<void>((resolve) => waits.hold(resolve));
    expect(waits.open).toBe(0);
  });

  it('lets a latency run its full time when nothing ends it', async () => {
    const waits = createFaultWaits();
    expect(await waits.delay(5, new AbortController().signal)).toBe(true);
    expect(waits.open).toBe(0);
  });
});

describe('a client with a timeout meets a fault’s wait', () => {
  let server: ReferenceServer;
  let url: string;
  beforeAll(async () => {
    server = await createReferenceServer({ clock: { frozen: true } });
    ({ url } = await server.listen(0));
  });
  beforeEach(() => server.reset());
  afterAll(() => server.close());

  const transports = {
    'in process': () => ({ baseUrl: 'http://reference.test', fetch: server.fetch }),
    'over a socket': () => ({ baseUrl: url }),
  };

  for (const [kind, add] of Object.entries(kinds)) {
    for (const [transport, connection] of Object.entries(transports)) {
      it(`${kind}, ${transport}: fails with APITimeoutError within its ${TIMEOUT_MS} ms timeout (5x headroom), not after the ${WAIT_MS} ms wait`, async () => {
        add(server);
        const docs = new DocsClient({
          ...connection(),
          token: 'docs-dev-user-ada',
          retry: 0,
          timeout: TIMEOUT_MS,
        });
        const started = performance.now();
        const failure = await docs.spaces.get('space_handbook').catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(APITimeoutError);
        expect(performance.now() - started).toBeLessThan(5 * TIMEOUT_MS);
      });
    }
  }
});

/** How long the program may take to exit once the server is closed: its waits last minutes. */
const EXIT_WITHIN_MS = 5_000;

/**
 * Runs `program`; resolves with its exit code, what it printed and how long it ran after `close()`
 * resolved. A program still running twice the limit after that is stopped, so that the test fails
 * on its assertion rather than on its own timeout.
 */
function runClosingDuringWait(program: string, kind: string, transport: string) {
  const child = spawn(process.execPath, [program, kind, transport], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let closedAt: number | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (closedAt !== undefined || !output.includes('closed\n')) return;
    closedAt = performance.now();
    setTimeout(() => child.kill('SIGKILL'), 2 * EXIT_WITHIN_MS).unref();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise<{ code: number | null; output: string; afterClose: number }>((resolve) => {
    child.on('exit', (code) => {
      resolve({ code, output, afterClose: performance.now() - (closedAt ?? 0) });
    });
  });
}

describe('server.close() during a fault’s wait', () => {
  let program: Awaited<ReturnType<typeof programFromSource>>;
  beforeAll(async () => {
    program = await programFromSource(
      fileURLToPath(new URL('./support/close-during-wait.ts', import.meta.url)),
    );
  });
  afterAll(() => program.remove());

  const failures = {
    latency: 'failed: TypeError: fetch failed',
    'chaos-latency': 'failed: TypeError: fetch failed',
    stall: 'failed: TypeError: terminated',
  };
  for (const [kind, failure] of Object.entries(failures)) {
    for (const transport of ['in-process', 'socket']) {
      it(`${kind}, ${transport}: resolves, fails the waiting request, and leaves no timer: the process exits at once`, async () => {
        const { code, output, afterClose } = await runClosingDuringWait(
          program.file,
          kind,
          transport,
        );
        expect(code, output).toBe(0);
        expect(output).toContain(`closed\n${failure}`);
        expect(afterClose).toBeLessThan(EXIT_WITHIN_MS);
      });
    }
  }
});
