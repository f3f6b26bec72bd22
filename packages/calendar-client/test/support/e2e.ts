import { basicAuth, CalendarClient, type CalendarClientOptions } from '@clientkit/calendar-client';
import {
  type CalendarOptions,
  createReferenceServer,
  type ReferenceServer,
} from '@clientkit/reference-server';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { NS } from './unit';

/** The moment end-to-end tests freeze the server clock at: a Monday, noon UTC. */
export const NOW = '2026-06-15T12:00:00Z';

export const EDITOR_PASSWORD = 'EdiT oRPa ssW0 rdCa lEnD ar01';
export const SUBSCRIBER_PASSWORD = 'SubS cRiB erPa ssW0 rdCa l001';

export interface CalendarE2E {
  server: ReferenceServer;
  url: string;
  apiRoot: string;
  /** No credentials: what the public sees. */
  anonymous: CalendarClient;
  /** The seeded editor, with its application password. */
  editor: CalendarClient;
  /** The seeded subscriber, who may only read. */
  subscriber: CalendarClient;
  client(options?: Partial<CalendarClientOptions>): CalendarClient;
  /** A raw request to the namespace, for what the client refuses to send. */
  raw(
    path: string,
    init?: RequestInit,
  ): Promise<{ status: number; body: RawBody; headers: Headers }>;
}

export interface RawBody {
  code?: string;
  message?: string;
  data?: { status: number; params?: Record<string, string> | string[]; details?: unknown };
  [key: string]: unknown;
}

/**
 * One reference server per test file, listening on loopback with its clock frozen at NOW; the
 * state goes back to the seed before each test.
 */
export function useCalendarServer(options: { calendar?: CalendarOptions; admin?: boolean } = {}) {
  const context = {} as CalendarE2E;
  beforeAll(async () => {
    const server = await createReferenceServer({
      clock: { start: NOW, frozen: true },
      ...options,
    });
    const { url } = await server.listen(0);
    const apiRoot = `${url}/wp-json`;
    const client = (extra: Partial<CalendarClientOptions> = {}) =>
      new CalendarClient({
        ...(extra.apiRoot === undefined ? { baseUrl: url } : {}),
        validateResponses: true,
        retry: 0,
        ...extra,
      });
    Object.assign(context, {
      server,
      url,
      apiRoot,
      client,
      anonymous: client(),
      editor: client({ auth: basicAuth('editor', EDITOR_PASSWORD) }),
      subscriber: client({ auth: basicAuth('subscriber', SUBSCRIBER_PASSWORD) }),
      raw: async (path: string, init?: RequestInit) => {
        const response = await fetch(`${url}${NS}${path}`, init);
        const text = await response.text();
        return {
          status: response.status,
          headers: response.headers,
          body: (text ? JSON.parse(text) : undefined) as RawBody,
        };
      },
    });
  });
  beforeEach(() => context.server.reset());
  afterAll(() => context.server.close());
  return context;
}

/** Basic credentials for raw requests. */
export function basicHeader(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}
