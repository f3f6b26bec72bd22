import { docs } from '@clientkit/contracts/docs';
import { idm } from '@clientkit/contracts/idm';
import { mail } from '@clientkit/contracts/mail';
import { metering } from '@clientkit/contracts/metering';
import type { InterfaceName } from '../interface';

/**
 * Where each interface lives on an origin, as the reference server mounts them: the calendar under
 * the site's REST root, identity management under its API and at the token exchange.
 */
const interfacePrefixes: Record<InterfaceName, readonly string[]> = {
  docs: [docs.base],
  calendar: ['/wp-json'],
  metering: [metering.base],
  mail: [mail.base],
  idm: [idm.base, idm.operations.getToken.path],
};

/** The five interfaces, in the order recordings and banners list them. */
export const interfaceNames = Object.keys(interfacePrefixes) as InterfaceName[];

/** The interface a request path belongs to, or undefined for a path outside all five. */
export function interfaceOfPath(pathname: string): InterfaceName | undefined {
  return interfaceNames.find((name) =>
    interfacePrefixes[name].some(
      (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
    ),
  );
}
