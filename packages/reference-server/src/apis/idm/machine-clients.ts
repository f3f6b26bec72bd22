import { createHash, timingSafeEqual } from 'node:crypto';
import { type IdmScope, idmAccess } from '@clientkit/contracts/idm';
import { developmentMachineClients } from '../../development-credentials';

/** A machine-to-machine application that may exchange its credentials for access tokens. */
export interface MachineClient {
  clientId: string;
  clientSecret: string;
  /** The scopes its tokens carry. */
  scopes: string[];
}

/** Every scope an operation of the contract needs, in the order the contract names them. */
export const ALL_SCOPES: IdmScope[] = [
  ...new Set(Object.values(idmAccess).filter((auth) => auth !== 'client credentials')),
];

/** The applications the server knows from the start, printed by the CLI. */
export const defaultMachineClients: MachineClient[] = [
  { ...developmentMachineClients.fullAccess, scopes: ALL_SCOPES },
  { ...developmentMachineClients.readOnly, scopes: ['read:clients', 'read:logs'] },
];

/** The application these credentials belong to, compared in constant time; undefined otherwise. */
export function authenticate(
  machines: readonly MachineClient[],
  clientId: string,
  clientSecret: string,
): MachineClient | undefined {
  const machine = machines.find((m) => m.clientId === clientId);
  const digest = (text: string) => createHash('sha256').update(text).digest();
  const matches = timingSafeEqual(digest(machine?.clientSecret ?? ''), digest(clientSecret));
  return machine && matches ? machine : undefined;
}
