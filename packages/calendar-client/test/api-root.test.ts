/**
 * Where the client finds the plugin's namespace: `baseUrl`, the site's origin, under which it
 * appends WordPress's REST root `/wp-json` and the namespace `/calendar/events/v1`; or `apiRoot`, a
 * REST root of another name, under which it appends the namespace only. Both are checked at
 * construction by the rules every client applies to `baseUrl` (the conventions suite), and these.
 */
import { CalendarClient, RequestValidationError } from '@clientkit/calendar-client';
import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import { eventFixture } from './support/records';
import { ORIGIN, useNock } from './support/unit';

useNock();

function issuesOf(error: unknown): string[] {
  expect(error).toBeInstanceOf(RequestValidationError);
  return (error as RequestValidationError).issues.map((i) => `${i.path} ${i.message}`.trim());
}

const construction = (options: Record<string, unknown>) => {
  try {
    new CalendarClient(options as never);
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('baseUrl or apiRoot', () => {
  it('exactly one of baseUrl and apiRoot: neither (in code or the environment) or both is refused by name', () => {
    vi.stubEnv('CLIENTKIT_CALENDAR_BASE_URL', undefined);
    vi.stubEnv('CLIENTKIT_BASE_URL', undefined);
    expect(() => new CalendarClient({})).toThrow(
      'Invalid options of CalendarClient: baseUrl is required, or apiRoot: pass one or set CLIENTKIT_CALENDAR_BASE_URL or CLIENTKIT_BASE_URL',
    );
    vi.unstubAllEnvs();
    expect(() => new CalendarClient({ baseUrl: ORIGIN, apiRoot: `${ORIGIN}/wp-json` })).toThrow(
      /baseUrl must be given, or apiRoot, but not both/,
    );
  });

  it('refuses a relative apiRoot, naming apiRoot', () => {
    expect(() => new CalendarClient({ apiRoot: '/wp-json' })).toThrow(
      /apiRoot must be an absolute http\(s\) URL/,
    );
  });

  it('refuses a baseUrl ending with /wp-json, which the client appends, naming baseUrl', () => {
    for (const baseUrl of [`${ORIGIN}/wp-json`, `${ORIGIN}/wp-json/`, `${ORIGIN}/blog/WP-JSON`]) {
      const error = construction({ baseUrl });
      expect(issuesOf(error)).toEqual([
        expect.stringMatching(/^baseUrl must not end with \/wp-json: /),
      ]);
      expect((error as Error).message).toMatch(/^Invalid options of CalendarClient: baseUrl /);
    }
  });

  it('refuses a baseUrl ending with the namespace, with or without the REST root before it', () => {
    for (const baseUrl of [
      `${ORIGIN}/wp-json/calendar/events/v1`,
      `${ORIGIN}/api/calendar/events/v1/`,
    ]) {
      expect(issuesOf(construction({ baseUrl }))).toEqual([
        expect.stringMatching(/^baseUrl must not end with \/calendar\/events\/v1: /),
      ]);
    }
  });

  it('refuses an apiRoot ending with the namespace, naming apiRoot', () => {
    expect(issuesOf(construction({ apiRoot: `${ORIGIN}/wp-json/calendar/events/v1` }))).toEqual([
      expect.stringMatching(/^apiRoot must not end with \/calendar\/events\/v1: /),
    ]);
  });

  it('refuses a query string, a fragment or credentials in apiRoot, naming apiRoot', () => {
    const root = `${ORIGIN}/wp-json`;
    expect(issuesOf(construction({ apiRoot: `${root}?x=1` }))).toEqual([
      'apiRoot must not carry a query string',
    ]);
    expect(issuesOf(construction({ apiRoot: `${root}#top` }))).toEqual([
      'apiRoot must not carry a fragment',
    ]);
    const withCredentials = root.replace('http://', 'http://editor:secret@');
    const error = construction({ apiRoot: withCredentials });
    expect(issuesOf(error)).toEqual(['apiRoot must not carry credentials (user:password@)']);
    expect((error as Error).message).not.toContain('secret');
  });

  it('keeps an apiRoot ending with /wp-json: that is the usual REST root', async () => {
    nock(ORIGIN).get('/wp-json/calendar/events/v1/events/1').reply(200, eventFixture(1));
    await new CalendarClient({ apiRoot: `${ORIGIN}/wp-json`, retry: 0 }).events.get(1);
  });

  it('apiRoot names another REST root; the client appends /calendar/events/v1', async () => {
    nock(ORIGIN).get('/api/calendar/events/v1/events/1').twice().reply(200, eventFixture(1));
    await new CalendarClient({ apiRoot: `${ORIGIN}/api`, retry: 0 }).events.get(1);
    await new CalendarClient({ apiRoot: `${ORIGIN}/api/`, retry: 0 }).events.get(1);
  });
});
