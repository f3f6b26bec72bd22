import nock from 'nock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import {
  APIError,
  APITimeoutError,
  APIUserAbortError,
  ClientKitError,
  cursorPages,
  NotFoundError,
  RequestValidationError,
  tokenProvider,
} from './core';
import { rejectionOf, testClient, useNock } from './helpers';

useNock();

afterEach(() => {
  vi.useRealTimers();
});

describe('what a call returns', () => {
  it('is a real Promise, awaitable and chainable like any other', async () => {
    nock('http://api.test').get('/v1/thing').reply(200, { id: 1 });
    const call = testClient().request({ method: 'GET', path: 'thing' });
    expect(call).toBeInstanceOf(Promise);
    expect(await call.then((thing) => thing)).toEqual({ id: 1 });
  });

  it('keeps its response for withResponse(), and then() gives plain promises', async () => {
    nock('http://api.test').get('/v1/thing').reply(200, { id: 2 }, { 'x-request-id': 'req_1' });
    const call = testClient().request({ method: 'GET', path: 'thing' });
    const chained = call.then((thing) => thing);
    expect(chained.constructor).toBe(Promise);
    const { data, requestId, response } = await call.withResponse();
    expect(data).toEqual({ id: 2 });
    expect(requestId).toBe('req_1');
    expect(response.status).toBe(200);
  });
});

describe('the stack of an awaited failure', () => {
  const things = {
    sdk: 'things.list',
    method: 'GET',
    path: 'things',
    query: z.looseObject({}),
    pagination: cursorPages('items'),
  } as const;
  /** A listing whose first page holds one record and whose second page fails. */
  const failingOnPageTwo = () =>
    nock('http://api.test')
      .get('/v1/things')
      .reply(200, { items: [1], next: { page: 'p2' } })
      .get('/v1/things')
      .query({ page: 'p2' })
      .reply(500, {});
  /** The frames an error's stack holds, its own and the call site's. */
  const framesOf = (error: unknown) =>
    (error as Error).stack!.split('\n').filter((line) => /^\s+at\s/.test(line));

  async function applicationCodeThatReadsAThing() {
    return testClient({ retry: 0 }).request({ method: 'GET', path: 'thing' });
  }

  async function applicationCodeThatListsThings() {
    const seen: unknown[] = [];
    for await (const thing of testClient({ retry: 0 }).core.list<unknown>(things, {})) {
      seen.push(thing);
    }
    return seen;
  }

  it("names the application's calling function, not only the client's own frames", async () => {
    nock('http://api.test').get('/v1/thing').reply(404, { message: 'no' });
    const error = await rejectionOf(applicationCodeThatReadsAThing());
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).stack).toContain('applicationCodeThatReadsAThing');
  });

  it('names it for a page after the first of a listing too', async () => {
    failingOnPageTwo();
    const error = await rejectionOf(applicationCodeThatListsThings());
    expect(error).toBeInstanceOf(APIError);
    expect((error as Error).stack).toContain('applicationCodeThatListsThings');
  });

  it.each([
    ['list()', () => testClient({ retry: 0 }).core.list<unknown>(things, {})],
    [
      'the paginate() escape hatch',
      () => testClient({ retry: 0, paginate: things.pagination }).core.paginate('things'),
    ],
  ])(
    '%s names the function that asked for the listing on every page, wherever the pages are read',
    async (_, listing) => {
      failingOnPageTwo();
      function applicationCodeThatAsksForThings() {
        return listing();
      }
      const pages = applicationCodeThatAsksForThings();
      const error = await rejectionOf(
        (async function readsThemLater() {
          for await (const _ of pages);
        })(),
      );
      expect(error).toBeInstanceOf(APIError);
      expect(
        framesOf(error).some((line) => line.includes('applicationCodeThatAsksForThings')),
      ).toBe(true);
    },
  );
});

describe('signals', () => {
  it('reports an AbortSignal.timeout that fires as APITimeoutError, not as an abort', async () => {
    nock('http://api.test').get('/v1/slow').delay(5_000).reply(200, {});
    const error = await rejectionOf(
      testClient({ retry: 0 }).request({
        method: 'GET',
        path: 'slow',
        signal: AbortSignal.timeout(50),
      }),
    );
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).not.toBeInstanceOf(APIUserAbortError);
  });

  it("reports the caller's own abort as APIUserAbortError", async () => {
    nock('http://api.test').get('/v1/slow').delay(5_000).reply(200, {});
    const controller = new AbortController();
    const call = testClient({ retry: 0 }).request({
      method: 'GET',
      path: 'slow',
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    expect(await rejectionOf(call)).toBeInstanceOf(APIUserAbortError);
  });
});

describe('clocks', () => {
  it('are read when used: a token provider renews under fake timers installed after it was made', async () => {
    let issued = 0;
    const token = tokenProvider({
      fetchToken: async () => ({ token: `t${++issued}`, expiresIn: 3600 }),
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await token()).toBe('t1');
    vi.advanceTimersByTime(3600_000);
    expect(await token()).toBe('t2');
  });
});

describe('error classes', () => {
  it('recognise the errors of another copy of core (the CommonJS build next to the ESM one)', () => {
    // What the other build's classes make: classes of their own with the same names, and the brand.
    const brand = Symbol.for('clientkit.error');
    class ForeignClientKitError extends Error {
      override get name() {
        return 'ClientKitError';
      }
    }
    class ForeignAPIError extends ForeignClientKitError {
      override get name() {
        return 'APIError';
      }
    }
    class ForeignNotFoundError extends ForeignAPIError {
      override get name() {
        return 'NotFoundError';
      }
    }
    const foreign = new ForeignNotFoundError('404');
    Object.defineProperty(foreign, brand, { value: true });
    expect(foreign).toBeInstanceOf(NotFoundError);
    expect(foreign).toBeInstanceOf(APIError);
    expect(foreign).toBeInstanceOf(ClientKitError);
    expect(foreign).not.toBeInstanceOf(RequestValidationError);
    expect(new Error('plain')).not.toBeInstanceOf(ClientKitError);
    // A subclass of the application's own does not claim the other build's errors.
    class MyNotFound extends NotFoundError {}
    expect(foreign).not.toBeInstanceOf(MyNotFound);
  });
});
