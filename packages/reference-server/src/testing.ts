import type { MintedIdmToken } from './apis/idm/interface';
import { createReferenceServer as createServer, type ReferenceServer } from './index';
import type { ReferenceServerOptions } from './server-options';
import { clientOrigin } from './testing/client-origin';
import {
  type ClientOverrides,
  inProcessClients,
  type ReferenceClients,
} from './testing/in-process-clients';

export type { ReferenceServer, ReferenceServerOptions } from './index';
export { IN_PROCESS_ORIGIN } from './testing/client-origin';
export { nockRecording, type RecordedScope } from './testing/nock-recording';
export type { ClientOverrides, ReferenceClients };

/** A reference server that also builds the five clients, wired to it in-process. */
export interface ReferenceServerWithClients extends ReferenceServer {
  /**
   * The docs, calendar, metering, mail and idm clients, each with the development credentials,
   * this server's in-process `fetch` (no socket) and no retries (`retry: 0`, so that an injected
   * fault fails the call it meets), with `overrides` laid over their options. Each call builds new
   * clients.
   *
   * @example
   * const { docs, idm } = server.clients({ idm: { timeout: 1000 }, docs: { retry: 2 } });
   * const user = await docs.user.get();
   */
  clients(overrides?: ClientOverrides): ReferenceClients;
}

/**
 * Creates a reference server for tests, with `clients()` to build the five clients on it. Until it
 * listens, the clients address it as `IN_PROCESS_ORIGIN`, and `server.idm.mintToken()` mints for
 * that origin too.
 *
 * @example
 * await using server = await createReferenceServer();
 * const { docs } = server.clients();
 * const user = await docs.user.get();
 */
export async function createReferenceServer(
  options?: ReferenceServerOptions,
): Promise<ReferenceServerWithClients> {
  const server = await createServer(options);
  const mintToken = server.idm.mintToken;
  // A server that does not listen has no origin of its own; idm tokens then name the clients' one.
  server.idm = {
    ...server.idm,
    mintToken: (minted?: MintedIdmToken) =>
      mintToken({ ...minted, origin: minted?.origin ?? clientOrigin(server) }),
  };
  return Object.assign(server, {
    clients: (overrides?: ClientOverrides) => inProcessClients(server, overrides),
  });
}
