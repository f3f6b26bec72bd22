import {
  basicAuth,
  CalendarClient,
  GoneError,
  PermissionDeniedError,
} from '@clientkit/calendar-client';
import type { ReferenceServer } from '@clientkit/reference-server';

/** The development application passwords the reference server prints when it starts. */
const EDITOR_APP_PASSWORD = 'EdiT oRPa ssW0 rdCa lEnD ar01';
const SUBSCRIBER_APP_PASSWORD = 'SubS cRiB erPa ssW0 rdCa l001';

/** A venue manager's week: read the programme, add a concert, see who may not, cancel it. */
export async function calendarDemo(
  _server: ReferenceServer,
  url: string,
  log: (line: string) => void,
): Promise<void> {
  // The site's origin: the client adds /wp-json/calendar/events/v1 itself.
  const visitor = new CalendarClient({ baseUrl: url });
  const editor = new CalendarClient({
    baseUrl: url,
    auth: basicAuth('editor', EDITOR_APP_PASSWORD),
  });

  const [music] = (await visitor.categories.list({ slug: 'music' })).items;
  log(`Upcoming in "${music?.name}":`);
  for await (const event of visitor.events.list({ categories: [music!.id], per_page: 2 })) {
    log(`  ${event.start_date} (${event.timezone})  ${event.title}`);
  }

  const venue = await editor.venues.create({
    venue: 'Lighthouse Stage',
    city: 'Boston',
    status: 'publish',
  });
  const nextWeek = new Date(Date.now() + 7 * 86_400_000);
  const concert = await editor.events.create({
    title: 'Lighthouse Sessions',
    start_date: `${nextWeek.toISOString().slice(0, 10)} 19:30:00`,
    end_date: `${nextWeek.toISOString().slice(0, 10)} 22:00:00`,
    timezone: 'America/New_York',
    status: 'publish',
    venue: [venue.id],
    categories: [music!.id],
  });
  log(
    `Created "${concert.title}" at ${venue.venue}: ${concert.start_date}, ${concert.utc_start_date} UTC`,
  );

  const found = await visitor.events.list({ search: 'lighthouse' });
  log(`Visitors searching "lighthouse" find ${found.body.total} event: ${found.items[0]?.url}`);

  const subscriber = new CalendarClient({
    baseUrl: url,
    auth: basicAuth('subscriber', SUBSCRIBER_APP_PASSWORD),
  });
  try {
    await subscriber.events.update(concert.id, { title: 'Hijacked' });
  } catch (error) {
    if (error instanceof PermissionDeniedError)
      log(`A subscriber may not edit it: ${error.status} ${error.code}`);
  }

  const trashed = await editor.events.delete(concert.id);
  log(`Cancelled: the event is now "${trashed.status}"`);
  try {
    await editor.events.delete(concert.id);
  } catch (error) {
    if (error instanceof GoneError) log(`Cancelling it again: ${error.status} ${error.code}`);
  }
}
