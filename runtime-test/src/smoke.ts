import { CalendarClient, NotFoundError as CalendarNotFound } from '@clientkit/calendar-client';
import { DocsClient, NotFoundError as DocsNotFound } from '@clientkit/docs-client';
import { IdmClient, NotFoundError as IdmNotFound } from '@clientkit/idm-client';
import { MailClient, NotFoundError as MailNotFound } from '@clientkit/mail-client';
import { AuthenticationError, MeteringClient } from '@clientkit/metering-client';
import { developmentClientOptions } from '@clientkit/reference-server/development-options';

/** What one client did in this runtime: the value its call returned and the class of its error. */
export interface SmokeResult {
  client: string;
  call: string;
  error: string;
}

/** The name of the class the rejection is an instance of, or a description of what went wrong. */
async function errorClass(
  call: () => Promise<unknown>,
  expected: new (...args: never[]) => Error,
): Promise<string> {
  try {
    await call();
    return 'resolved, with no error';
  } catch (error) {
    if (error instanceof expected) return expected.name;
    return `not a ${expected.name}: ${String(error)}`;
  }
}

/**
 * Each client, built from the reference server's development options: constructed, one call that
 * needs its credentials, and one call that fails with the error class the interface maps to.
 */
export async function runSmokeTests(origin: string): Promise<SmokeResult[]> {
  const options = developmentClientOptions(origin);

  const docs = new DocsClient(options.docs);
  const space = await docs.spaces.get('space_handbook');
  const calendar = new CalendarClient(options.calendar);
  const venue = await calendar.venues.create({ venue: 'Runtime Hall', status: 'publish' });
  const metering = new MeteringClient(options.metering);
  const sent = await metering.events.send([
    { event_name: 'api_call', payload: { stripe_customer_id: 'cus_runtime', value: '1' } },
  ]);
  const mail = new MailClient(options.mail);
  const server = await mail.servers.get(1);
  const idm = new IdmClient(options.idm);
  const page = await idm.clients.list({ take: 1 });
  const wrongKey = new MeteringClient({ ...options.metering, apiKey: 'sk_test_not_a_key' });

  return [
    {
      client: 'docs',
      call: space.id,
      error: await errorClass(() => docs.spaces.get('space_missing'), DocsNotFound),
    },
    {
      client: 'calendar',
      call: venue.venue,
      error: await errorClass(() => calendar.events.get(987_654), CalendarNotFound),
    },
    {
      client: 'metering',
      call: `${sent.events.length} event`,
      error: await errorClass(
        () => wrongKey.events.send([{ event_name: 'api_call', payload: { value: '1' } }]),
        AuthenticationError,
      ),
    },
    {
      client: 'mail',
      call: server.Name,
      error: await errorClass(() => mail.servers.get(987_654), MailNotFound),
    },
    {
      client: 'idm',
      call: `${page.items.length} client`,
      error: await errorClass(() => idm.clients.get('missing_client'), IdmNotFound),
    },
  ];
}

/** The line each runtime prints, which the Node side reads back. */
export const RESULT_PREFIX = 'clientkit smoke results: ';
