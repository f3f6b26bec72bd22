import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReferenceServer, type FaultSpec, type ReferenceServer } from '../src/index';
import { parseAnswer, sendRaw } from './support/raw-http';

const ORIGIN = 'http://reference.test';
const auth = { authorization: 'Bearer docs-dev-user-ada' };
const SPACE = '/v1/spaces/space_handbook';
const DUPLICATE = `${SPACE}/duplicate`;

let server: ReferenceServer;
let url: string;

beforeAll(async () => {
  server = await createReferenceServer({ clock: { frozen: true } });
  ({ url } = await server.listen(0));
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const spaceCount = () => (server.inspect('docs') as { spaces: unknown[] }).spaces.length;

/** Each of the two ways a client reaches the server. */
const transports = {
  loopback: (path: string, init?: RequestInit) => fetch(`${url}${path}`, init),
  'in-process': (path: string, init?: RequestInit) => server.fetch(`${ORIGIN}${path}`, init),
};

/**
 * The answer a request gets without faults, byte for byte, to compare a broken one with; over
 * loopback unless told, since the body names the origin it was asked on.
 */
async function realBody(path: string, send = transports.loopback): Promise<Buffer> {
  const response = await send(path, { headers: auth });
  return Buffer.from(await response.arrayBuffer());
}

/** The error a promise rejects with. */
async function rejectionOf(promise: Promise<unknown>): Promise<Error & { cause?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

const codeOf = (error: { cause?: unknown }) => (error.cause as { code?: string } | undefined)?.code;

describe('kind "reset" before the headers', () => {
  const fault: FaultSpec = { method: 'POST', path: DUPLICATE, kind: 'reset' };

  it('resets the connection (RST) before a single byte over loopback, and the handler never runs', async () => {
    const before = spaceCount();
    server.faults.add(fault);
    const exchange = sendRaw(url, { method: 'POST', path: DUPLICATE, headers: auth });
    expect(await exchange.ended).toBe('reset');
    expect(exchange.received().length).toBe(0);
    expect(spaceCount()).toBe(before);
  });

  it.each(Object.entries(transports))(
    'rejects fetch (%s) as a connection reset: TypeError "fetch failed" caused by ECONNRESET',
    async (_, send) => {
      server.faults.add(fault);
      const error = await rejectionOf(send(DUPLICATE, { method: 'POST', headers: auth }));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toBe('fetch failed');
      expect(codeOf(error)).toBe('ECONNRESET');
    },
  );

  it('is what `when: "before-headers"` asks for too', async () => {
    server.faults.add({ ...fault, when: 'before-headers' });
    const error = await rejectionOf(server.fetch(`${ORIGIN}${DUPLICATE}`, { method: 'POST' }));
    expect(codeOf(error)).toBe('ECONNRESET');
  });
});

describe('kind "reset" mid-body', () => {
  const fault: FaultSpec = { path: SPACE, kind: 'reset', when: 'mid-body' };

  it('sends the headers with the full Content-Length and half the body, then cuts the connection', async () => {
    const real = await realBody(SPACE);
    server.faults.add(fault);
    const exchange = sendRaw(url, { path: SPACE, headers: auth });
    // The server resets (RST); once the half has been read, Node's socket may report a plain end.
    expect(['reset', 'closed']).toContain(await exchange.ended);
    const answer = parseAnswer(exchange.received());
    expect(answer.status).toBe(200);
    expect(answer.headers['content-length']).toBe(String(real.length));
    expect(answer.body.equals(real.subarray(0, Math.floor(real.length / 2)))).toBe(true);
  });

  it('fails the body read in-process with TypeError "terminated" caused by ECONNRESET, after the first half', async () => {
    const real = await realBody(SPACE, transports['in-process']);
    server.faults.add(fault);
    const response = await server.fetch(`${ORIGIN}${SPACE}`, { headers: auth });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(real.length));
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value!).equals(real.subarray(0, Math.floor(real.length / 2)))).toBe(
      true,
    );
    const error = await rejectionOf(reader.read());
    expect([error.name, error.message, codeOf(error)]).toEqual([
      'TypeError',
      'terminated',
      'ECONNRESET',
    ]);
  });

  it('keeps a write the handler made: the client sees a failure, the copy exists', async () => {
    const before = spaceCount();
    server.faults.add({ method: 'POST', path: DUPLICATE, kind: 'reset', when: 'mid-body' });
    const response = await fetch(`${url}${DUPLICATE}`, { method: 'POST', headers: auth });
    expect(response.status).toBe(201);
    expect((await rejectionOf(response.text())).message).toBe('terminated');
    expect(spaceCount()).toBe(before + 1);
  });
});

describe('kind "truncate"', () => {
  const fault: FaultSpec = { path: SPACE, kind: 'truncate' };

  it('sends the headers with the full Content-Length and half the body, then closes the connection cleanly', async () => {
    const real = await realBody(SPACE);
    server.faults.add(fault);
    const exchange = sendRaw(url, { path: SPACE, headers: auth });
    expect(await exchange.ended).toBe('closed');
    const answer = parseAnswer(exchange.received());
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['content-length']).toBe(String(real.length));
    expect(answer.body.equals(real.subarray(0, Math.floor(real.length / 2)))).toBe(true);
  });

  it.each(Object.entries(transports))(
    'fails the body read (%s) with TypeError "terminated", as undici does for a body cut short',
    async (_, send) => {
      server.faults.add(fault);
      const response = await send(SPACE, { headers: auth });
      expect(response.status).toBe(200);
      const error = await rejectionOf(response.text());
      expect([error.name, error.message, codeOf(error)]).toEqual([
        'TypeError',
        'terminated',
        'UND_ERR_SOCKET',
      ]);
    },
  );

  it('keeps a write the handler made although the answer never arrives whole', async () => {
    const before = spaceCount();
    server.faults.add({ method: 'POST', path: DUPLICATE, kind: 'truncate' });
    const response = await server.fetch(`${ORIGIN}${DUPLICATE}`, {
      method: 'POST',
      headers: auth,
    });
    expect(response.status).toBe(201);
    await expect(response.text()).rejects.toThrow('terminated');
    expect(spaceCount()).toBe(before + 1);
  });

  it('still sends the headers of a HEAD answer, which has no body to cut, before closing', async () => {
    server.faults.add({ method: 'HEAD', path: SPACE, kind: 'truncate' });
    const exchange = sendRaw(url, { method: 'HEAD', path: SPACE, headers: auth });
    expect(await exchange.ended).toBe('closed');
    expect(parseAnswer(exchange.received()).status).toBe(200);
  });

  it('cuts a stand-in body {} sent with 200 when the answer has none to cut (a 205)', async () => {
    server.faults.add({ method: 'DELETE', path: '/v1/spaces/space_api', kind: 'truncate' });
    const exchange = sendRaw(url, {
      method: 'DELETE',
      path: '/v1/spaces/space_api',
      headers: auth,
    });
    expect(await exchange.ended).toBe('closed');
    const answer = parseAnswer(exchange.received());
    expect([answer.status, answer.headers['content-length'], answer.body.toString()]).toEqual([
      200,
      '2',
      '{',
    ]);
  });
});

describe('kind "malformed"', () => {
  it.each(Object.entries(transports))(
    'answers (%s) the handler’s 2xx and content type with its JSON cut short, which does not parse',
    async (_, send) => {
      const real = (await realBody(SPACE, send)).toString();
      server.faults.add({ path: SPACE, kind: 'malformed' });
      const response = await send(SPACE, { headers: auth });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      const text = await response.text();
      expect(real.startsWith(text)).toBe(true);
      expect(text.length).toBeLessThan(real.length);
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
    },
  );

  it('keeps the write and its 201: the client cannot read what it created', async () => {
    const before = spaceCount();
    server.faults.add({ method: 'POST', path: DUPLICATE, kind: 'malformed' });
    const response = await fetch(`${url}${DUPLICATE}`, { method: 'POST', headers: auth });
    expect(response.status).toBe(201);
    await expect(response.json()).rejects.toThrow(SyntaxError);
    expect(spaceCount()).toBe(before + 1);
  });

  it('answers 200 with JSON that does not parse when the handler’s answer has no body (a 205)', async () => {
    server.faults.add({ method: 'DELETE', kind: 'malformed' });
    const response = await server.fetch(`${ORIGIN}/v1/spaces/space_api`, {
      method: 'DELETE',
      headers: auth,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe('{');
  });

  it('answers 200 when the handler refused, so that the client meets a success it cannot read', async () => {
    server.faults.add({ path: '/v1/spaces/space_missing', kind: 'malformed' });
    const response = await server.fetch(`${ORIGIN}/v1/spaces/space_missing`, { headers: auth });
    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toThrow(SyntaxError);
  });
});

describe('kind "empty"', () => {
  it('answers 200 with the content type of the interface and no body at all, over loopback', async () => {
    server.faults.add({ path: SPACE, kind: 'empty' });
    const exchange = sendRaw(url, { path: SPACE, headers: auth });
    expect(await exchange.ended).toBe('closed');
    const answer = parseAnswer(exchange.received());
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['content-length']).toBe('0');
    expect(answer.body.length).toBe(0);
  });

  it('answers 200 with an empty body in-process, and keeps the write the handler made', async () => {
    const before = spaceCount();
    server.faults.add({ method: 'POST', path: DUPLICATE, kind: 'empty' });
    const response = await server.fetch(`${ORIGIN}${DUPLICATE}`, {
      method: 'POST',
      headers: auth,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe('');
    expect(spaceCount()).toBe(before + 1);
  });
});

describe('kind "html"', () => {
  it.each(Object.entries(transports))(
    'answers (%s) 502 with a proxy’s text/html page by default, and the handler never runs',
    async (_, send) => {
      const before = spaceCount();
      server.faults.add({ method: 'POST', path: DUPLICATE, kind: 'html' });
      const response = await send(DUPLICATE, { method: 'POST', headers: auth });
      expect(response.status).toBe(502);
      expect(response.headers.get('content-type')).toBe('text/html');
      const page = await response.text();
      expect(page).toContain('<title>502 Bad Gateway</title>');
      expect(page.startsWith('<html>')).toBe(true);
      expect(spaceCount()).toBe(before);
    },
  );

  it('answers the status it is given, with its headers and Retry-After', async () => {
    server.faults.add({ path: SPACE, kind: 'html', status: 504, retryAfter: 3 });
    const response = await fetch(`${url}${SPACE}`, { headers: auth });
    expect(response.status).toBe(504);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(await response.text()).toContain('<h1>504 Gateway Timeout</h1>');
  });
});

describe('latency from a range', () => {
  it('waits a time drawn from { min, max } with the fault’s seed: the same seed draws the same waits', async () => {
    const waits = async () => {
      server.reset();
      server.faults.add({ path: '/v1/', latencyMs: { min: 0, max: 40 }, count: 4, seed: 11 });
      for (let i = 0; i < 4; i++) await server.fetch(`${ORIGIN}/v1/`, { headers: auth });
      return server.faults.injected().map((entry) => entry.latencyMs ?? 0);
    };
    const first = await waits();
    expect(first.every((wait) => wait >= 0 && wait <= 40)).toBe(true);
    expect(new Set(first).size).toBeGreaterThan(1);
    expect(await waits()).toEqual(first);
  });

  it('waits at least the drawn time before answering', async () => {
    server.faults.add({ path: '/v1/', latencyMs: { min: 60, max: 80 } });
    const started = performance.now();
    expect((await fetch(`${url}/v1/`, { headers: auth })).status).toBe(200);
    const [entry] = server.faults.injected();
    expect(entry).toMatchObject({ kind: 'latency' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(entry!.latencyMs! - 5);
  });
});

describe('faults and the interfaces’ own conventions', () => {
  it.each([
    ['drop', { drop: true }],
    ['reset', { kind: 'reset' }],
  ] as const)(
    'a %s stays a lost connection when WordPress’s _envelope would wrap every answer',
    async (_, fault) => {
      server.faults.add({ path: '/wp-json/', ...fault });
      const path = '/wp-json/calendar/events/v1/events?_envelope=1';
      await expect(server.fetch(`${ORIGIN}${path}`)).rejects.toThrow('fetch failed');
      server.faults.add({ path: '/wp-json/', ...fault });
      await expect(fetch(`${url}${path}`)).rejects.toThrow('fetch failed');
    },
  );

  it('cuts the enveloped answer, as it would have been sent, when the fault breaks the answer', async () => {
    server.faults.add({ path: '/wp-json/', kind: 'malformed' });
    const response = await server.fetch(`${ORIGIN}/wp-json/calendar/events/v1/events?_envelope=1`);
    const text = await response.text();
    expect(text.startsWith('{"body":')).toBe(true);
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
  });
});
