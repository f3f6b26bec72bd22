import { CalendarClient, type CalendarClientOptions } from '@clientkit/calendar-client';
import { clientCredentials } from '@clientkit/core/internal';
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
  const fetch = server.fetch;
  return {
    docs: new DocsClient(mergeOptions({ ...defaults.docs, fetch }, overrides.docs)),
    calendar: new CalendarClient(
      mergeOptions({ ...defaults.calendar, fetch }, overrides.calendar, [['baseUrl', 'apiRoot']]),
    ),
    metering: new MeteringClient(mergeOptions({ ...defaults.metering, fetch }, overrides.metering)),
    mail: new MailClient(mergeOptions({ ...defaults.mail, fetch }, overrides.mail)),
    idm: new IdmClient(
      mergeOptions<IdmClientOptions>(
        { baseUrl: defaults.idm.baseUrl, auth: developmentAuth(server), fetch },
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
