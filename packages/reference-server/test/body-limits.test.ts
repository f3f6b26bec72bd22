import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../src/index';
import { type BodyLimitCase, bodyLimitCases } from './support/body-limit-cases';

const KiB = 1024;
const MiB = 1024 * KiB;
const ORIGIN = 'http://reference.test';
const CHUNK = 16 * KiB;

/**
 * A JSON-looking body of `size` bytes made as it is pulled; `read()` counts the bytes pulled and
 * `cancelled()` says whether the reader let go of the rest.
 */
function countingBody(size: number) {
  let read = 0;
  let cancelled = false;
  const chunk = new Uint8Array(CHUNK).fill(0x20);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (read >= size) return controller.close();
        const next = chunk.subarray(0, Math.min(CHUNK, size - read));
        read += next.byteLength;
        controller.enqueue(next);
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read: () => read, cancelled: () => cancelled };
}

function send(
  { method, path }: BodyLimitCase,
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
) {
  const init: RequestInit & { duplex: 'half' } = {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  };
  return server.fetch(new Request(`${ORIGIN}${path}`, init));
}

let server: ReferenceServer;
const states = () =>
  Object.fromEntries(
    (['docs', 'calendar', 'metering', 'mail', 'idm'] as const).map((name) => [
      name,
      server.inspect(name),
    ]),
  );

beforeAll(async () => {
  server = await createReferenceServer({ admin: true, clock: { frozen: true } });
});
afterAll(() => server.close());

describe.each(bodyLimitCases)('the $name body limit', (entry) => {
  it(`refuses a Content-Length over the limit with 413 in the interface's format, before reading the body, state unchanged`, async () => {
    const before = states();
    const body = countingBody(entry.limit + 1);
    const response = await send(entry, body.stream, { 'content-length': String(entry.limit + 1) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(entry.refusal(entry.limit));
    // Through server.fetch there is no connection to keep in order: the body is let go unread.
    expect(body.read()).toBe(0);
    expect(body.cancelled()).toBe(true);
    expect(states()).toEqual(before);
  });

  it('refuses a streamed body with 413 as soon as it passes the limit, holding no more than the limit and reading no further', async () => {
    const before = states();
    const body = countingBody(entry.limit + 64 * MiB);
    const response = await send(entry, body.stream);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(entry.refusal(entry.limit));
    // The chunk that passed the limit is the last one read; the rest of the stream is cancelled.
    expect(body.read()).toBeLessThanOrEqual(entry.limit + CHUNK);
    expect(body.cancelled()).toBe(true);
    expect(states()).toEqual(before);
  });

  it('takes a body of exactly the limit to the route (answered, but not 413)', async () => {
    const response = await send(entry, new Uint8Array(entry.limit).fill(0x20));
    expect(response.status).not.toBe(413);
    expect(response.status).toBeLessThan(500);
  });
});
