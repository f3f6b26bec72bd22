import { CalendarClient } from '@clientkit/calendar-client';
import { DocsClient } from '@clientkit/docs-client';
import { IdmClient } from '@clientkit/idm-client';
import { MailClient } from '@clientkit/mail-client';
import { MeteringClient } from '@clientkit/metering-client';
import { developmentClientOptions } from '@clientkit/reference-server';
import { CALL_RETRY, CALL_TIMEOUT_MS } from './settings';

/** The five clients of a soak, all with the soak's timeout and retry settings. */
export interface SoakClients {
  docs: DocsClient;
  calendar: CalendarClient;
  metering: MeteringClient;
  mail: MailClient;
  idm: IdmClient;
}

/**
 * Builds the five clients against a server on loopback with the development credentials. None is
 * given a `fetch` or hooks, so the metering stream takes its own Node sender, as in production.
 */
export function soakClients(url: string): SoakClients {
  const options = developmentClientOptions(url);
  const shared = { timeout: CALL_TIMEOUT_MS, retry: { ...CALL_RETRY } };
  return {
    docs: new DocsClient({ ...options.docs, ...shared }),
    calendar: new CalendarClient({ ...options.calendar, ...shared }),
    metering: new MeteringClient({ ...options.metering, ...shared }),
    mail: new MailClient({ ...options.mail, ...shared }),
    idm: new IdmClient({ ...options.idm, ...shared }),
  };
}
