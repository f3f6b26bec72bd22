import { createHash, timingSafeEqual } from 'node:crypto';
import { developmentMachineClients } from '../../development-credentials';

/** A machine-to-machine application that may exchange its credentials for access tokens. */
export interface MachineClient {
  clientId: string;
  clientSecret: string;
  /** The scopes its tokens carry. */
  scopes: string[];
}

/** Every scope of the clients and logs routes. */
export const ALL_SCOPES = [
  'read:clients',
  'create:clients',
  'update:clients',
  'delete:clients',
  'read:logs',
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
