import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type InterfaceName, type ReferenceServer } from '../src/index';

const KiB = 1024;
const MiB = 1024 * KiB;
const ORIGIN = 'http://reference.test';
const CHUNK = 16 * KiB;

interface Case {
  name: InterfaceName | 'admin';
  method: string;
  path: string;
  limit: number;
  /** The 413 body in the interface's own error format. */
  refusal: (limit: number) => unknown;
}

const message = (limit: number) =>
  `The request body is larger than the ${limit} bytes this interface accepts`;

const cases: Case[] = [
  {
    name: 'docs',
    method: 'PATCH',
    path: '/v1/spaces/space_handbook',
    limit: MiB,
    refusal: (limit) => ({ error: { code: 413, message: message(limit) } }),
  },
  {
    name: 'calendar',
    method: 'POST',
    path: '/wp-json/calendar/events/v1/categories',
    limit: 2 * MiB,
    refusal: (limit) => ({
      code: 'rest_request_too_large',
      message: message(limit),
      data: { status: 413 },
    }),
  },
  {
    name: 'metering',
    method: 'POST',
    path: '/v2/billing/meter_event_stream',
    limit: MiB,
    refusal: (limit) => ({
      error: { type: 'invalid_request_error', code: 'payload_too_large', message: message(limit) },
    }),
  },
  {
    name: 'mail',
    method: 'PUT',
    path: '/servers/1',
    limit: 64 * KiB,
    refusal: (limit) => ({ ErrorCode: 0, Message: message(limit) }),
  },
  {
    name: 'idm',
    method: 'POST',
    path: '/api/v2/clients',
    limit: 1_048_576,
    refusal: () => ({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Payload content length greater than maximum allowed: 1048576',
      errorCode: 'payload_too_large',
    }),
  },
  {
    name: 'admin',
    method: 'POST',
    path: '/__admin/seed',
    limit: 64 * MiB,
    refusal: (limit) => ({ error: message(limit) }),
  },
];

/** A JSON-looking body of `size` bytes made as it is pulled; `read()` counts the bytes pulled. */
function countingBody(size: number) {
  let read = 0;
  const chunk = new Uint8Array(CHUNK).fill(0x20);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (read >= size) return controller.close();
        const next = chunk.subarray(0, Math.min(CHUNK, size - read));
        read += next.byteLength;
        controller.enqueue(next);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read: () => read };
}

function send(
  { method, path }: Case,
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

describe.each(cases)('the $name body limit', (entry) => {
  it(`refuses a Content-Length over the limit with 413 in the interface's format, before parsing it, state unchanged`, async () => {
    const before = states();
    const body = countingBody(entry.limit + 1);
    const response = await send(entry, body.stream, { 'content-length': String(entry.limit + 1) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(entry.refusal(entry.limit));
    // The refused body is read and thrown away (up to 16 MiB) so the connection stays usable.
    expect(states()).toEqual(before);
  });

  it('refuses a streamed body with 413 as soon as it passes the limit, holding no more than the limit', async () => {
    const before = states();
    const body = countingBody(entry.limit + 64 * MiB);
    const response = await send(entry, body.stream);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(entry.refusal(entry.limit));
    // Past the limit the rest is read and discarded up to 16 MiB, then the stream is cancelled.
    expect(body.read()).toBeLessThanOrEqual(entry.limit + 16 * MiB + 2 * CHUNK);
    expect(states()).toEqual(before);
  });

  it('takes a body of exactly the limit to the route (answered, but not 413)', async () => {
    const response = await send(entry, new Uint8Array(entry.limit).fill(0x20));
    expect(response.status).not.toBe(413);
    expect(response.status).toBeLessThan(500);
  });
});
