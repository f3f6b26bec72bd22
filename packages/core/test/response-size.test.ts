/**
 * Every answer is read under a size limit, `maxResponseBytes` (32 MiB unless the client or the
 * request says otherwise): a `Content-Length` over it is refused before the body is read, a body
 * that passes it (counted after decompression) is cut off there, and memory stays near the limit.
 * Against raw servers on 127.0.0.1.
 */
import { execFile } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { json, rawServer } from '../../../test-support/raw-server';
import {
  APIResponseTooLargeError,
  DEFAULT_MAX_RESPONSE_BYTES,
  RequestValidationError,
} from './core';
import { rejectionOf, testClient } from './helpers';

const MiB = 1024 * 1024;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Writes `total` bytes of JSON-looking text in 64 KiB chunks, waiting for the socket to drain, and
 * stops when the client goes away: a huge answer that costs the test no memory.
 */
function stream(response: ServerResponse, total: number): void {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  let sent = 0;
  const more = () => {
    while (sent < total && !response.destroyed) {
      sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', more);
    }
    response.end();
  };
  response.on('close', () => {
    sent = total;
  });
  more();
}

/**
 * A gzip answer of about 1 MB that inflates to 1 GiB: 64 gzip members of 16 MiB of zeros each,
 * which a decompressor reads as one stream.
 */
const member = gzipSync(Buffer.alloc(16 * MiB));
const bomb = Buffer.concat(Array.from({ length: 64 }, () => member));

function sendBomb(response: ServerResponse): void {
  response.writeHead(200, {
    'content-type': 'application/json',
    'content-encoding': 'gzip',
    'content-length': String(bomb.length),
  });
  response.end(bomb);
}

const quick = { limit: 2, delay: () => 1 };

describe('an answer over maxResponseBytes', () => {
  it('is refused by its Content-Length before its body is read, and not retried', async () => {
    const server = await rawServer((_request, response) => {
      // Headers promising 200 MB, then a first chunk, then nothing: only the header can end this call.
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(200 * MiB),
        'x-request-id': 'req_big',
      });
      response.write('{"items": [');
    });
    const client = testClient({ baseUrl: server.origin, retry: quick, maxResponseBytes: MiB });
    const error = await rejectionOf(
      client.request({ method: 'GET', path: 'things', operation: 'things.list' }),
    );
    expect(error).toBeInstanceOf(APIResponseTooLargeError);
    expect(error).toMatchObject({
      status: 200,
      limit: MiB,
      requestId: 'req_big',
      operation: 'test.things.list',
    });
    expect((error as Error).message).toBe(
      `The 200 answer declares ${200 * MiB} bytes, over maxResponseBytes (${MiB}): not read (GET ${server.origin}/v1/things) [request req_big]`,
    );
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      name: 'APIResponseTooLargeError',
      status: 200,
      requestId: 'req_big',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('is cut off at the limit when it declares no length, and not retried', async () => {
    const server = await rawServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      stream(response, 200 * MiB);
    });
    const client = testClient({ baseUrl: server.origin, retry: quick, maxResponseBytes: MiB });
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things' }));
    expect(error).toBeInstanceOf(APIResponseTooLargeError);
    expect((error as Error).message).toBe(
      `The 200 answer passed maxResponseBytes (${MiB}): cut off there (GET ${server.origin}/v1/things)`,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('counts the bytes after decompression: a gzip bomb is cut off at the limit', async () => {
    const server = await rawServer((_request, response) => sendBomb(response));
    const client = testClient({ baseUrl: server.origin, retry: quick, maxResponseBytes: 4 * MiB });
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things' }));
    expect(error).toBeInstanceOf(APIResponseTooLargeError);
    expect(error).toMatchObject({ limit: 4 * MiB, status: 200 });
  });

  it('applies to error answers too', async () => {
    const server = await rawServer((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      stream(response, 10 * MiB);
    });
    const client = testClient({ baseUrl: server.origin, retry: quick, maxResponseBytes: MiB });
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things' }));
    expect(error).toMatchObject({ name: 'APIResponseTooLargeError', status: 502 });
    expect(server.requests).toHaveLength(1);
  });

  it('is the request option over the client option, and 32 MiB when neither sets one', async () => {
    const server = await rawServer((request, response) => {
      const size = Number(new URL(request.url, 'http://x').searchParams.get('size'));
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(size),
      });
      response.write('{');
    });
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(32 * MiB);
    const plain = testClient({ baseUrl: server.origin, retry: 0 });
    const over = await rejectionOf(
      plain.request({ method: 'GET', path: 'x', query: { size: 32 * MiB + 1 } }),
    );
    expect(over).toMatchObject({ name: 'APIResponseTooLargeError', limit: 32 * MiB });
    const tight = testClient({ baseUrl: server.origin, retry: 0, maxResponseBytes: 10 });
    const loosened = await rejectionOf(
      tight.request({ method: 'GET', path: 'x', query: { size: 2000 }, maxResponseBytes: 1000 }),
    );
    expect(loosened).toMatchObject({ name: 'APIResponseTooLargeError', limit: 1000 });
  });
});

describe('an answer within maxResponseBytes', () => {
  it('is read whole, up to exactly the limit', async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(1000) });
    const server = await rawServer((_request, response) => json(response, 200, JSON.parse(body)));
    const client = testClient({ baseUrl: server.origin, maxResponseBytes: body.length });
    expect(await client.request({ method: 'GET', path: 'x' })).toEqual(JSON.parse(body));
  });
});

describe('the maxResponseBytes option', () => {
  it.each([0, -1, 1.5, Number.POSITIVE_INFINITY, '1024'])(
    'refuses %s by name, on the client and on a request',
    async (value) => {
      expect(() => testClient({ maxResponseBytes: value as number })).toThrow(
        'Invalid options of TestClient: maxResponseBytes must be a positive whole number of bytes',
      );
      const error = await rejectionOf(
        testClient().request({ method: 'GET', path: 'x', maxResponseBytes: value as number }),
      );
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as Error).message).toContain(
        'maxResponseBytes must be a positive whole number of bytes',
      );
    },
  );
});

/** Runs the memory probe against `origin` in a process of its own; resolves with what it printed. */
function probe(origin: string, limit: number) {
  return new Promise<{ outcome: string; before: number; peak: number }>((done, fail) => {
    execFile(
      process.execPath,
      [
        resolve(root, 'scripts/from-source.mjs'),
        resolve(root, 'packages/core/test/support/memory-probe.ts'),
        origin,
        String(limit),
      ],
      { timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error) return fail(new Error(`${error.message}\n${stderr}`));
        done(JSON.parse(stdout.trim().split('\n').pop()!));
      },
    );
  });
}

describe('memory while refusing an answer', () => {
  const limit = 16 * MiB;
  // About twice the limit (the bytes read and their text), with five times that as headroom.
  const allowed = 5 * 2 * limit;

  it('stays within about twice the limit for a 200 MB body', async () => {
    const server = await rawServer((request, response) => {
      if (request.url === '/small') return json(response, 200, {});
      response.writeHead(200, { 'content-type': 'application/json' });
      stream(response, 200 * MiB);
    });
    const { outcome, before, peak } = await probe(server.origin, limit);
    expect(outcome).toBe('APIResponseTooLargeError');
    expect(peak - before).toBeLessThan(allowed);
  });

  it('stays within about twice the limit for a gzip answer that inflates to 1 GiB', async () => {
    const server = await rawServer((request, response) => {
      if (request.url === '/small') return json(response, 200, {});
      sendBomb(response);
    });
    const { outcome, before, peak } = await probe(server.origin, limit);
    expect(outcome).toBe('APIResponseTooLargeError');
    expect(peak - before).toBeLessThan(allowed);
  });
});
