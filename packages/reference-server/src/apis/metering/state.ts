import type { SecretMap } from '../../secret-map';
import type { IdempotencyStore } from './idempotency';
import type { MeteringLedger } from './ledger';
import type { FixedWindowLimiter } from './rate-limit';
import type { SessionRegistry } from './sessions';

/** What the metering routes work on. */
export interface MeteringRouteState {
  apiKeys: SecretMap<true>;
  sessions: SessionRegistry;
  ledger: MeteringLedger;
  limiter: FixedWindowLimiter;
  idempotencyKeys: IdempotencyStore;
}
