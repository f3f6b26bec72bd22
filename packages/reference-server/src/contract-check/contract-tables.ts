import { CalendarAuth } from '../apis/calendar/auth';
import { calendarDescription } from '../apis/calendar/description';
import { docsDescription } from '../apis/docs/description';
import { idmDescription } from '../apis/idm/description';
import { TokenService } from '../apis/idm/tokens';
import { mailDescription } from '../apis/mail/description';
import { MailStore } from '../apis/mail/store';
import { meteringDescription } from '../apis/metering/description';
import { IdempotencyStore } from '../apis/metering/idempotency';
import { MeteringLedger } from '../apis/metering/ledger';
import { FixedWindowLimiter } from '../apis/metering/rate-limit';
import { SessionRegistry } from '../apis/metering/sessions';
import { createClock } from '../clock';
import type { InterfaceName } from '../interface';
import type { InterfaceDescription } from '../operations';
import { SecretMap } from '../secret-map';

/** One interface's operations (from its contract) and the checks of its requests, as the server mounts them. */
export interface ContractTable {
  name: InterfaceName;
  description: InterfaceDescription<unknown, unknown>;
}

/**
 * The five interfaces' tables, from the same descriptions the server mounts its routes with. Only
 * their operations and request checks are read: who may call is the service's to decide, so the
 * stores those descriptions authorize with are left empty, on a clock that never runs.
 */
export function contractTables(): ContractTable[] {
  const clock = createClock({ frozen: true });
  const meteringState = {
    apiKeys: new SecretMap<true>(),
    sessions: new SessionRegistry(clock),
    ledger: new MeteringLedger(clock),
    limiter: new FixedWindowLimiter(clock),
    idempotencyKeys: new IdempotencyStore(clock),
  };
  return [
    { name: 'docs', description: docsDescription(new SecretMap()) },
    { name: 'calendar', description: calendarDescription(new CalendarAuth(() => [], clock)) },
    { name: 'metering', description: meteringDescription(meteringState) },
    {
      name: 'mail',
      description: mailDescription(new MailStore({ servers: [] }, 'inbound.invalid'), () => ''),
    },
    // The private tenant's pages are the larger: a public tenant's service refuses the rest itself.
    { name: 'idm', description: idmDescription(new TokenService(clock, ''), 'private') },
  ];
}
