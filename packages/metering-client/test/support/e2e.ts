import {
  createReferenceServer,
  type MeteringOptions,
  type ReferenceServer,
} from '@clientkit/reference-server';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { MeteringClient, type MeteringClientOptions } from '../../src/index';

export const TEST_KEY = 'sk_test_clientkit_dev_key';
export const LIVE_KEY = 'sk_live_clientkit_dev_key';
/** The server clock of every end-to-end test starts here and stands still unless moved. */
export const SERVER_START = '2026-06-01T08:00:00.000Z';

export interface MeteringHarness {
  server: ReferenceServer;
  url: string;
  /** A client of the server with the test key, response validation on and no retries unless asked. */
  client(options?: Partial<MeteringClientOptions>): MeteringClient;
  /** A request that bypasses the client, to see what the server itself answers. */
  raw(
    path: 'meter_event_session' | 'meter_event_stream' | string,
    options?: {
      token?: string | null;
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
    },
  ): Promise<Response>;
  /** A session created with `key`, straight from the server. */
  session(key?: string): Promise<{ authentication_token: string; livemode: boolean }>;
  /** Lets the asynchronous validation run, then reads the server's counted total. */
  countedTotal(): Promise<number>;
}

/** One reference server per test file, reset before every test; handler failures fail the test. */
export function useMeteringServer(metering?: MeteringOptions): MeteringHarness {
  const harness = {} as MeteringHarness;
  const failures: unknown[] = [];
  beforeAll(async () => {
    harness.server = await createReferenceServer({
      clock: { start: SERVER_START, frozen: true },
      admin: true,
      ...(metering ? { metering } : {}),
      logError: (message, error) => failures.push([message, error]),
    });
    harness.url = (await harness.server.listen(0)).url;
    harness.client = (options = {}) =>
      new MeteringClient({
        baseUrl: harness.url,
        apiKey: TEST_KEY,
        validateResponses: true,
        retry: 0,
        ...options,
      });
    harness.raw = (path, options = {}) => {
      const token = options.token === undefined ? TEST_KEY : options.token;
      return fetch(`${harness.url}/v2/billing/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token === null ? {} : { authorization: `Bearer ${token}` }),
          ...options.headers,
        },
        body:
          options.rawBody ??
          (options.body === undefined ? undefined : JSON.stringify(options.body)),
      });
    };
    harness.session = async (key = TEST_KEY) =>
      (await (await harness.raw('meter_event_session', { token: key })).json()) as {
        authentication_token: string;
        livemode: boolean;
      };
    harness.countedTotal = async () => {
      await harness.server.clock.settle();
      return harness.server.metering.counted().total;
    };
  });
  beforeEach(async () => {
    harness.server.reset();
    await harness.server.clock.set(SERVER_START);
    expect(failures).toEqual([]);
  });
  afterAll(async () => {
    await harness.server.close();
    expect(failures).toEqual([]);
  });
  return harness;
}

/** The JSON body of a response. */
export async function bodyOf(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

/** The URL a `fetch` call was made for (the client passes a `Request`). */
export function urlOf(input: RequestInfo | URL): string {
  return input instanceof Request ? input.url : String(input);
}
