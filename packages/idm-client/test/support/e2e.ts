import { createReferenceServer, type ReferenceServer } from '@clientkit/reference-server';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { IdmClient, type IdmClientOptions, type LogEvent } from '../../src/index';

/** The moment the test servers' clocks start at, standing still until a test moves them. */
export const START = Date.parse('2026-03-01T00:00:00.000Z');

export interface E2E {
  server: ReferenceServer;
  url: string;
  /** `<origin>/api/v2` */
  base: string;
  /** A client with a token of the given scopes (default all), validating responses. */
  client(options?: Partial<IdmClientOptions> & { scopes?: string[] }): Promise<IdmClient>;
  /** A raw request to the server with a token of the given scopes (default all). */
  fetch(path: string, init?: RequestInit & { scopes?: string[] }): Promise<Response>;
}

/** One reference server for the file, reset before each test, with a frozen clock. */
export function useServer(options: { tenant?: 'public' | 'private' } = {}): E2E {
  const e2e = {} as E2E;
  beforeAll(async () => {
    const server = await createReferenceServer({
      clock: { start: START, frozen: true },
      ...(options.tenant ? { tenant: options.tenant } : {}),
    });
    const { url } = await server.listen(0);
    Object.assign(e2e, {
      server,
      url,
      base: `${url}/api/v2`,
      async client({ scopes, ...rest }: Partial<IdmClientOptions> & { scopes?: string[] } = {}) {
        const token = rest.auth
          ? undefined
          : (rest.token ?? (await server.idm.mintToken(scopes ? { scopes } : {})));
        return new IdmClient({
          baseUrl: url,
          validateResponses: true,
          retry: 0,
          now: () => server.clock.now(),
          ...(token === undefined ? {} : { token }),
          ...(options.tenant ? { tenant: options.tenant } : {}),
          ...rest,
        } as IdmClientOptions);
      },
      async fetch(
        path: string,
        { scopes, headers, ...init }: RequestInit & { scopes?: string[] } = {},
      ) {
        const token = await server.idm.mintToken(scopes ? { scopes } : {});
        return fetch(`${url}${path}`, {
          ...init,
          headers: { authorization: `Bearer ${token}`, ...(headers as Record<string, string>) },
        });
      },
    });
  });
  beforeEach(async () => {
    await e2e.server.clock.set(START);
    e2e.server.reset();
  });
  afterAll(async () => {
    await e2e.server?.close();
  });
  return e2e;
}

/** The tenant's log as the server holds it, oldest first. */
export function serverLogs(server: ReferenceServer): LogEvent[] {
  return (server.inspect('idm') as { logs: LogEvent[] }).logs;
}
