/**
 * The calendar's own part of configuration from the environment (the shared rules are in the
 * conventions suite): an application password from CLIENTKIT_CALENDAR_USERNAME and _PASSWORD, no
 * credentials at all when neither is set, and `apiRoot` in code standing for the base URL.
 */
import { AuthenticationError, basicAuth, CalendarClient } from '@clientkit/calendar-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EDITOR_PASSWORD, SUBSCRIBER_PASSWORD, useCalendarServer } from './support/e2e';

const calendar = useCalendarServer();
afterEach(() => {
  vi.unstubAllEnvs();
});

function stubEnvironment(values: Record<string, string>) {
  for (const name of ['BASE_URL', 'USERNAME', 'PASSWORD']) {
    vi.stubEnv(`CLIENTKIT_CALENDAR_${name}`, undefined);
  }
  vi.stubEnv('CLIENTKIT_BASE_URL', calendar.url);
  for (const [name, value] of Object.entries(values)) {
    vi.stubEnv(`CLIENTKIT_CALENDAR_${name}`, value);
  }
}

describe('CalendarClient configured from the environment', () => {
  it('writes as the user of CLIENTKIT_CALENDAR_USERNAME with the application password of CLIENTKIT_CALENDAR_PASSWORD', async () => {
    stubEnvironment({ USERNAME: 'editor', PASSWORD: EDITOR_PASSWORD });
    const venue = await new CalendarClient({ retry: 0 }).venues.create({ venue: 'Env Hall' });
    expect(venue.id).toBeGreaterThan(0);
  });

  it('reads published records only when neither variable is set, as without auth', async () => {
    stubEnvironment({});
    const anonymous = new CalendarClient({ retry: 0 });
    expect((await anonymous.venues.list()).items.length).toBeGreaterThan(0);
    await expect(anonymous.venues.create({ venue: 'Nope' })).rejects.toBeInstanceOf(
      AuthenticationError,
    );
  });

  it('lets auth in code win: the variables are not read then', async () => {
    stubEnvironment({ USERNAME: 'editor', PASSWORD: EDITOR_PASSWORD });
    const subscriber = new CalendarClient({
      retry: 0,
      auth: basicAuth('subscriber', SUBSCRIBER_PASSWORD),
    });
    await expect(subscriber.venues.create({ venue: 'Nope' })).rejects.toMatchObject({
      status: 403,
    });
  });

  it('refuses a user name without its password, naming the missing variable and never the value', () => {
    stubEnvironment({ USERNAME: 'editor' });
    expect(() => new CalendarClient()).toThrow(
      /^Invalid options of CalendarClient: CLIENTKIT_CALENDAR_PASSWORD is required with CLIENTKIT_CALENDAR_USERNAME$/,
    );
  });

  it('refuses a user name that basicAuth refuses, naming the variable', () => {
    stubEnvironment({ USERNAME: 'edi:tor', PASSWORD: 's3cret pass' });
    let message = '';
    try {
      new CalendarClient();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'Invalid options of CalendarClient: CLIENTKIT_CALENDAR_USERNAME must be a non-empty string without ":"',
    );
  });

  it('takes apiRoot in code for the base URL, reading no base URL variable', async () => {
    stubEnvironment({});
    vi.stubEnv('CLIENTKIT_CALENDAR_BASE_URL', 'http://127.0.0.1:9');
    const client = new CalendarClient({ apiRoot: calendar.apiRoot, retry: 0 });
    expect((await client.venues.list()).items.length).toBeGreaterThan(0);
  });
});
