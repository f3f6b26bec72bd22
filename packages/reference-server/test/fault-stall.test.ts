import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LostConnection } from '../src/faults/connection-fault';
import { deliverInProcess } from '../src/faults/in-process';
import { deliverOverSocket } from '../src/faults/over-socket';
import { createFaultWaits, STALL_CAP_MS } from '../src/faults/waits';
import { createReferenceServer, type ReferenceServer } from '../src/index';
import { parseAnswer, sendRaw } from './support/raw-http';

const ORIGIN = 'http://reference.test';
const auth = { authorization: 'Bearer docs-dev-user-ada' };
const SPACE = '/v1/spaces/space_handbook';

/** Whether a promise has settled by the time a full request round trip to the server is done. */
async function settledAfterRoundTrip(promise: Promise<unknown>, server: ReferenceServer) {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await (await server.fetch(`${ORIGIN}/v1/`, { headers: auth })).text();
  return settled;
}

/** An answer that an injected fault waits after its first half. */
const stalled = (): LostConnection => ({ kind: 'stall', answer: new Response('{"a":1}') });

async function rejectionOf(promise: Promise<unknown>): Promise<Error & { cause?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('kind "stall"', () => {
  let server: ReferenceServer;
  let url: string;

  beforeAll(async () => {
    server = await createReferenceServer({ clock: { frozen: true } });
    ({ url } = await server.listen(0));
  });
  beforeEach(() => server.reset());
  afterAll(() => server.close());

  it('sends the headers with the full Content-Length and half the body over loopback, then nothing while the client waits', async () => {
    const full = await (await fetch(`${url}${SPACE}`, { headers: auth })).arrayBuffer();
    const half = Math.floor(full.byteLength / 2);
    server.faults.add({ path: SPACE, kind: 'stall' });
    const exchange = sendRaw(url, { path: SPACE, headers: auth });
    await exchange.bodyBytes(half);
    expect(await settledAfterRoundTrip(exchange.ended, server)).toBe(false);
    const answer = parseAnswer(exchange.received());
    expect(answer.headers['content-length']).toBe(String(full.byteLength));
    expect(answer.body.length).toBe(half);
    exchange.socket.destroy();
    await exchange.ended;
  });

  it('holds the in-process body after its first half until the request is aborted, then fails it with the abort', async () => {
    server.faults.add({ path: SPACE, kind: 'stall' });
    const controller = new AbortController();
    const response = await server.fetch(`${ORIGIN}${SPACE}`, {
      headers: auth,
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.value!.byteLength).toBe(
      Math.floor(Number(response.headers.get('content-length')) / 2),
    );
    const next = reader.read();
    expect(await settledAfterRoundTrip(next, server)).toBe(false);
    controller.abort();
    expect((await rejectionOf(next)).name).toBe('AbortError');
  });

  it('ends when a loopback client gives up through its AbortSignal', async () => {
    server.faults.add({ path: SPACE, kind: 'stall' });
    const controller = new AbortController();
    const response = await fetch(`${url}${SPACE}`, { headers: auth, signal: controller.signal });
    const body = response.text();
    expect(await settledAfterRoundTrip(body, server)).toBe(false);
    controller.abort();
    expect((await rejectionOf(body)).name).toBe('AbortError');
  });

  it('logs the stalled request with the request id its headers carried', async () => {
    server.faults.add({ path: SPACE, kind: 'stall' });
    const controller = new AbortController();
    const response = await server.fetch(`${ORIGIN}${SPACE}`, {
      headers: auth,
      signal: controller.signal,
    });
    expect(server.faults.injected()).toEqual([
      expect.objectContaining({ kind: 'stall', requestId: response.headers.get('x-request-id') }),
    ]);
    controller.abort();
  });
});

describe('server.close() with stalled exchanges open', () => {
  it('resolves, closing a stalled socket and failing a stalled in-process body with "terminated"', async () => {
    const server = await createReferenceServer({ clock: { frozen: true } });
    const { url } = await server.listen(0);
    server.faults.add({ path: SPACE, kind: 'stall', count: 2 });
    const exchange = sendRaw(url, { path: SPACE, headers: auth });
    await exchange.bodyBytes(1);
    const response = await server.fetch(`${ORIGIN}${SPACE}`, { headers: auth });
    const failure = rejectionOf(response.text());
    await server.close();
    expect(['closed', 'reset']).toContain(await exchange.ended);
    const error = await failure;
    expect([error.name, error.message]).toEqual(['TypeError', 'terminated']);
  });
});

describe('the register of stalled exchanges', () => {
  it('ends a stalled exchange after its cap, 10 minutes unless shortened', async () => {
    expect(STALL_CAP_MS).toBe(600_000);
    const waits = createFaultWaits(20);
    await new Promise<void>((resolve) => waits.hold(resolve));
    expect(waits.open).toBe(0);
  });

  it('lets an exchange go without ending it when its client left first', () => {
    const waits = createFaultWaits();
    let ended = false;
    const release = waits.hold(() => {
      ended = true;
    });
    expect(waits.open).toBe(1);
    release();
    waits.close();
    expect([waits.open, ended]).toEqual([0, false]);
  });

  it('fails a stalled in-process body with "terminated" when the cap ends it', async () => {
    const waits = createFaultWaits(20);
    const response = await deliverInProcess(stalled(), new AbortController().signal, waits);
    const error = await rejectionOf(response.text());
    expect(error.message).toBe('terminated');
    expect(waits.open).toBe(0);
  });

  it('forgets an in-process stall whose request is aborted', async () => {
    const waits = createFaultWaits();
    const controller = new AbortController();
    const reader = (await deliverInProcess(stalled(), controller.signal, waits)).body!.getReader();
    await reader.read();
    const next = reader.read();
    await Promise.resolve();
    expect(waits.open).toBe(1);
    controller.abort();
    await expect(next).rejects.toThrow();
    expect(waits.open).toBe(0);
  });

  describe('over a socket', () => {
    let http: Server;
    let origin: string;
    const waits = createFaultWaits();
    const served: Promise<void>[] = [];

    beforeAll(async () => {
      http = createServer((_, outgoing) => {
        served.push(
          deliverOverSocket(stalled(), outgoing, waits).then(() => {
            outgoing.socket!.once('close', () => closedAfterRelease());
          }),
        );
      });
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    });
    let closedAfterRelease: () => void = () => {};
    afterEach(() => waits.close());
    afterAll(() => new Promise((resolve) => http.close(resolve)));

    it('forgets the stall once the client closes its connection', async () => {
      const exchange = sendRaw(origin, { path: '/' });
      await exchange.bodyBytes(3);
      await Promise.all(served);
      expect(waits.open).toBe(1);
      const released = new Promise<void>((resolve) => {
        closedAfterRelease = resolve;
      });
      exchange.socket.destroy();
      await released;
      expect(waits.open).toBe(0);
    });
  });
});
