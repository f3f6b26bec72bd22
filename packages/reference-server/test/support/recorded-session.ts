import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basicAuth, CalendarClient } from '@clientkit/calendar-client';
import { DocsClient } from '@clientkit/docs-client';
import { clientCredentials, IdmClient } from '@clientkit/idm-client';
import { MailClient, webhookUrl } from '@clientkit/mail-client';
import { MeteringClient } from '@clientkit/metering-client';
import {
  DEFAULT_IDM_AUDIENCE,
  DEV_TEST_KEY,
  DEVELOPMENT_ACCOUNT_TOKEN,
  DEVELOPMENT_USER_TOKEN,
  developmentMachineClients,
  developmentPasswords,
} from '../../src/development-credentials';

/** The password of the mail hook URL the session sets: a credential inside a JSON body. */
export const HOOK_PASSWORD = 'hook-password-of-the-session';

/** The credentials a session's clients sign in with. */
export interface SessionCredentials {
  docsToken: string;
  calendarPassword: string;
  meteringKey: string;
  mailToken: string;
  idmSecret: string;
}

/** The development credentials, which the reference server accepts. */
export const developmentCredentials: SessionCredentials = {
  docsToken: DEVELOPMENT_USER_TOKEN,
  calendarPassword: developmentPasswords.editor,
  meteringKey: DEV_TEST_KEY,
  mailToken: DEVELOPMENT_ACCOUNT_TOKEN,
  idmSecret: developmentMachineClients.fullAccess.clientSecret,
};

/** Credentials no service issued: a replay answers them as it answers any. */
export const otherCredentials: SessionCredentials = {
  docsToken: 'docs-token-of-someone-else',
  calendarPassword: 'Anot herP assw ord0',
  meteringKey: 'sk_test_another_key_entirely',
  mailToken: 'mail-token-of-someone-else',
  idmSecret: 'another-client-secret',
};

/** The five clients at one origin, with response validation on, through `fetch`. */
export function sessionClients(
  origin: string,
  credentials: SessionCredentials,
  fetch: typeof globalThis.fetch = globalThis.fetch,
) {
  const common = { baseUrl: origin, fetch, validateResponses: true, retry: 0 };
  return {
    docs: new DocsClient({ ...common, token: credentials.docsToken }),
    calendar: new CalendarClient({
      ...common,
      auth: basicAuth('editor', credentials.calendarPassword),
    }),
    metering: new MeteringClient({ ...common, apiKey: credentials.meteringKey }),
    mail: new MailClient({ ...common, accountToken: credentials.mailToken }),
    idm: new IdmClient({
      ...common,
      auth: clientCredentials({
        clientId: developmentMachineClients.fullAccess.clientId,
        clientSecret: credentials.idmSecret,
        audience: DEFAULT_IDM_AUDIENCE,
      }),
    }),
  };
}

/**
 * Calls of every client, reads and writes, the metering stream and the token exchange among them.
 * Resolves with what the calls resolved to, without the identifiers the metering client makes up,
 * which differ on every run by design.
 */
export async function runSession(clients: ReturnType<typeof sessionClients>) {
  const { docs, calendar, metering, mail, idm } = clients;
  const user = await docs.user.get();
  const renamed = await docs.spaces.update('space_handbook', { title: 'Recorded handbook' });
  const event = await calendar.events.create({
    title: 'Recorded launch',
    start_date: '2026-07-03 19:00:00',
    end_date: '2026-07-03 21:00:00',
    status: 'publish',
  });
  const fetched = await calendar.events.get(event.id);
  const { events } = await metering.events.send([
    { event_name: 'api_call', payload: { stripe_customer_id: 'cus_recorded', value: '3' } },
  ]);
  const hooked = await mail.servers.update(1, {
    InboundHookUrl: webhookUrl('https://hooks.example.com/inbound', {
      username: 'hook',
      password: HOOK_PASSWORD,
    }),
  });
  const created = await idm.clients.create({ name: 'Recorded app', app_type: 'spa' });
  const listed = await idm.clients.list({ take: 5 });
  return {
    docs: { user, renamed },
    calendar: { event, fetched },
    metering: events.map(({ identifier: _identifier, ...sent }) => sent),
    mail: hooked,
    idm: { created, listed: listed.items.map((item) => item.client_id) },
  };
}

const made: string[] = [];

/** A fresh directory to record into; `removeRecordingDirs` removes it. */
export function recordingDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clientkit-recording-'));
  made.push(dir);
  return dir;
}

/** Removes every directory `recordingDir` made, for a test file's `afterAll`. */
export function removeRecordingDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
