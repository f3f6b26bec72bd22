import type { metering } from './operations';

/**
 * Who may call a metering operation: an API key (`sk_test_...`, `sk_live_...`), or the token of a
 * meter event session. Session requests are the stream's, and count against its rate limit.
 */
export type MeteringAuth = 'api-key' | 'session';

/**
 * Who may call each operation of the usage-metering interface. The reference server authorizes and
 * documents its security by it; clients never read it.
 */
export const meteringAccess: Record<keyof typeof metering.operations, MeteringAuth> = {
  createMeterEventSession: 'api-key',
  createMeterEventStream: 'session',
};
