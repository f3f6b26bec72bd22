/**
 * `baseUrl` and `apiRoot` against the reference server, which serves WordPress's REST root at
 * `/wp-json`.
 */
import { CalendarClient } from '@clientkit/calendar-client';
import { describe, expect, it } from 'vitest';
import { useCalendarServer } from './support/e2e';

const calendar = useCalendarServer();

describe('baseUrl or apiRoot, end to end', () => {
  it('baseUrl (the origin) and apiRoot (the REST root) reach the same namespace', async () => {
    const byOrigin = new CalendarClient({ baseUrl: `${calendar.url}/`, retry: 0 });
    const byRoot = new CalendarClient({ apiRoot: calendar.apiRoot, retry: 0 });
    expect((await byOrigin.events.get(108)).id).toBe(108);
    expect((await byRoot.events.get(108)).id).toBe(108);
  });
});
