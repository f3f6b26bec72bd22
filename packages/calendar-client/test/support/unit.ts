import { CalendarClient, type CalendarClientOptions } from '@clientkit/calendar-client';

/** The origin of unit tests, and its REST root; nock answers for them. */
export const API_ROOT = 'http://calendar.test/wp-json';
export const ORIGIN = 'http://calendar.test';
export const NS = '/wp-json/calendar/events/v1';

/** A client against the nock origin, without retries unless a test asks for them. */
export function unitClient(options: Partial<CalendarClientOptions> = {}): CalendarClient {
  const base = options.apiRoot === undefined ? { baseUrl: ORIGIN } : {};
  return new CalendarClient({ ...base, retry: 0, ...options });
}

export { useNock } from '../../../../test-support/unit';
