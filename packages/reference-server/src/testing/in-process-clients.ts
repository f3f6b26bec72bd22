import { CalendarClient, type CalendarClientOptions } from '@clientkit/calendar-client';
import { clientCredentials } from '@clientkit/core/contract';
import { DocsClient, type DocsClientOptions } from '@clientkit/docs-client';
import { IdmClient, type IdmClientOptions } from '@clientkit/idm-client';
import { MailClient, type MailClientOptions } from '@clientkit/mail-client';
import { MeteringClient, type MeteringClientOptions } from '@clientkit/metering-client';
import { developmentMachineClients } from '../development-credentials';
import { developmentClientOptions } from '../development-options';
import type { ReferenceServer } from '../index';
import { checkOverrides } from './check-overrides';
import { clientOrigin } from './client-origin';
import { mergeOptions } from './merge-options';

/**
 * The kit's clients do not retry: one injected fault is one failed call, met by the test as the
 * typed error it gives, and a test never waits out a backoff or a `Retry-After`. A test of the
 * retries opts in per client (`{ docs: { retry: 2 } }`, or `retry: undefined` for the client's own
 * default).
 */
const KIT_RETRY = 0;

/** The five clients of a reference server, as `server.clients()` builds them. */
export interface ReferenceClients {
  docs: DocsClient;
  calendar: CalendarClient;
  metering: MeteringClient;
  mail: MailClient;
  idm: IdmClient;
}

/**
 * Constructor options laid over the kit's defaults, per client: `{ docs: { token: 'x' } }` keeps
 * the in-process `fetch` and the origin and changes the token only. An option set to `undefined`
 * is removed (`{ calendar: { auth: undefined } }` gives an anonymous calendar client). Naming
 * calendar's `apiRoot` drops the default `baseUrl`, and idm's `token` drops the default `auth`.
 */
export interface ClientOverrides {
  docs?: Partial<DocsClientOptions>;
  calendar?: Partial<CalendarClientOptions>;
  metering?: Partial<MeteringClientOptions>;
  mail?: Partial<MailClientOptions>;
  idm?: Partial<IdmClientOptions>;
}

/**
 * Builds the five clients on `server.fetch`, with the development credentials the server accepts
 * from the start, each with its overrides.
 */
export function inProcessClients(
  server: ReferenceServer,
  overrides: ClientOverrides = {},
): ReferenceClients {
  checkOverrides(overrides);
  const defaults = developmentClientOptions(clientOrigin(server));
  const kit = { fetch: server.fetch, retry: KIT_RETRY };
  return {
    docs: new DocsClient(mergeOptions({ ...defaults.docs, ...kit }, overrides.docs)),
    calendar: new CalendarClient(
      mergeOptions({ ...defaults.calendar, ...kit }, overrides.calendar, [['baseUrl', 'apiRoot']]),
    ),
    metering: new MeteringClient(
      mergeOptions({ ...defaults.metering, ...kit }, overrides.metering),
    ),
    mail: new MailClient(mergeOptions({ ...defaults.mail, ...kit }, overrides.mail)),
    idm: new IdmClient(
      mergeOptions<IdmClientOptions>(
        { baseUrl: defaults.idm.baseUrl, auth: developmentAuth(server), ...kit },
        overrides.idm,
        [['auth', 'token']],
      ),
    ),
  };
}

/**
 * The credentials of the server's first machine client (the full-access development one unless the
 * server was given others), for the audience the server was given.
 */
function developmentAuth(server: ReferenceServer) {
  const machine = server.idm.machineClients[0] ?? developmentMachineClients.fullAccess;
  const { clientId, clientSecret } = machine;
  return clientCredentials({ clientId, clientSecret, audience: server.idm.audience });
}
