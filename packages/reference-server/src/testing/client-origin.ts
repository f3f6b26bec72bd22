import type { ReferenceServer } from '../index';

/**
 * The origin the kit's clients are given before the server listens. The `.test` name never
 * resolves, so nothing built on it can reach a socket by mistake: only the in-process `fetch`
 * answers it.
 */
export const IN_PROCESS_ORIGIN = 'http://reference-server.test';

/**
 * The origin the kit's clients send to: the server's own once it listens, so that the links in its
 * answers and the issuer of idm tokens match those of a client over a socket.
 */
export function clientOrigin(server: ReferenceServer): string {
  return server.url ?? IN_PROCESS_ORIGIN;
}
