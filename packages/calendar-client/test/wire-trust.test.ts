/**
 * What crosses the wire from the calendar client: the application password goes to the site's
 * origin only (no redirect elsewhere, as from http to https), and a site that echoes it (or the
 * base64 pair of the Authorization header) never gets it printed. Against raw servers on
 * 127.0.0.1.
 */
import { describe, expect, it } from 'vitest';
import { errorViews } from '../../../test-support/error-views';
import { json, rawServer } from '../../../test-support/raw-server';
import { APIConnectionError, AuthenticationError, basicAuth, CalendarClient } from '../src/index';

const PASSWORD = 'WiRe tRuS tPas sW0r d001';

describe('the application password', () => {
  it('never appears in an error when the site echoes it or its Authorization header', async () => {
    const server = await rawServer((request, response) => {
      const pair = Buffer.from(String(request.headers.authorization).slice(6), 'base64').toString();
      json(response, 401, {
        code: 'incorrect_password',
        message: `The password you entered for ${pair} is incorrect (${request.headers.authorization}).`,
        data: { status: 401 },
      });
    });
    const calendar = new CalendarClient({
      baseUrl: server.origin,
      auth: basicAuth('editor', PASSWORD),
    });
    const error = await calendar.events
      .create({
        title: 'Launch',
        start_date: '2026-07-01 10:00:00',
        end_date: '2026-07-01 11:00:00',
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    const shown = errorViews(error);
    expect(shown).not.toContain(PASSWORD);
    expect(shown).not.toContain(Buffer.from(`editor:${PASSWORD}`).toString('base64'));
  });

  it('is not carried to another origin by a redirect, http to https of the same host included', async () => {
    const server = await rawServer((_request, response) => {
      response
        .writeHead(301, { location: 'https://127.0.0.1/wp-json/calendar/events/v1/events' })
        .end();
    });
    const calendar = new CalendarClient({
      baseUrl: server.origin,
      auth: basicAuth('editor', PASSWORD),
    });
    const error = await calendar.events.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toContain(`another origin than ${server.origin}`);
    expect(server.requests).toHaveLength(1);
  });
});
