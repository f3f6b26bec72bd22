/**
 * The message of a failed connection says where the client tried to connect, how many attempts it
 * made over how long, and what to check. (No nock here: the refusal is a real one, on 127.0.0.1.)
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { APIConnectionError } from './core';
import { rejectionOf, testClient } from './helpers';
import { failure, scriptedFetch, undiciFailure } from './scripted';

/** A port on 127.0.0.1 that nothing listens on: one the system gave out, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the message of a failed connection', () => {
  it('names the refusing address, the attempts and their time, and asks whether the service runs', async () => {
    const port = await closedPort();
    const origin = `http://127.0.0.1:${port}`;
    const client = testClient({ baseUrl: origin, retry: { limit: 2, delay: () => 5 } });
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things' }));
    expect(error).toBeInstanceOf(APIConnectionError);
    const { message } = error as Error;
    expect(message).toMatch(
      new RegExp(
        `^Connection refused by 127\\.0\\.0\\.1:${port} \\(GET ${origin}/v1/things\\): .*ECONNREFUSED.*, 3 attempts over \\d+\\.\\d s; is the service running at ${origin}\\?$`,
      ),
    );
  });

  it('says that a host was not found and asks about the host name', async () => {
    const script = scriptedFetch([failure(() => undiciFailure('ENOTFOUND'))]);
    const client = testClient({
      baseUrl: 'https://api.example.test',
      fetch: script.fetch,
      retry: 0,
    });
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things' }));
    expect((error as Error).message).toBe(
      'Host api.example.test not found (GET https://api.example.test/v1/things): fetch failed ENOTFOUND, 1 attempt; is the host name in the base URL right?',
    );
  });

  it('keeps what the runtime raised as its cause', async () => {
    const script = scriptedFetch([failure(() => undiciFailure('ECONNREFUSED'))]);
    const client = testClient({ fetch: script.fetch, retry: 0 });
    const error = (await rejectionOf(
      client.request({ method: 'GET', path: 'things' }),
    )) as APIConnectionError;
    expect((error.cause as Error).message).toBe('fetch failed');
    expect(error.status).toBeUndefined();
    expect(error.requestId).toBeNull();
  });
});
