import { createHash, timingSafeEqual } from 'node:crypto';

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
  {
    clientId: 'idm_dev_full_access',
    clientSecret: 'idm-dev-secret-full-access',
    scopes: ALL_SCOPES,
  },
  {
    clientId: 'idm_dev_read_only',
    clientSecret: 'idm-dev-secret-read-only',
    scopes: ['read:clients', 'read:logs'],
  },
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
