import {
  type APIError,
  AuthenticationError,
  BadRequestError,
  basicAuth,
  CalendarClient,
  GoneError,
  InternalServerError,
  NotFoundError,
  nonceAuth,
  PermissionDeniedError,
  RequestValidationError,
} from '@clientkit/calendar-client';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { eventFixture } from './support/records';
import { API_ROOT, NS, ORIGIN, unitClient, useNock } from './support/unit';

useNock();

const wpError = (status: number, code: string, extra: Record<string, unknown> = {}) => ({
  code,
  message: `failure ${code}`,
  data: { status, ...extra },
});

describe('CalendarClient construction', () => {
  it('puts the namespace calendar/events/v1 under the REST root, with or without a trailing slash', async () => {
    nock(ORIGIN).get(`${NS}/events/1`).twice().reply(200, eventFixture(1));
    await unitClient().events.get(1);
    await unitClient({ apiRoot: `${API_ROOT}/` }).events.get(1);
  });

  it('refuses a missing or relative apiRoot before any request', () => {
    expect(() => new CalendarClient({} as never)).toThrow(RequestValidationError);
    expect(() => new CalendarClient({ apiRoot: '/wp-json' })).toThrow(/absolute http/);
  });
});

describe('calendar.getIndex and calendar.getDoc', () => {
  it('GETs the namespace root with namespace and context', async () => {
    nock(ORIGIN)
      .get(`${NS}/`)
      .query({ namespace: 'calendar/events/v1', context: 'view' })
      .reply(200, { namespace: 'calendar/events/v1', routes: {} });
    const index = await unitClient().getIndex({ namespace: 'calendar/events/v1', context: 'view' });
    expect(index.namespace).toBe('calendar/events/v1');
  });

  it('refuses an unknown context client-side', async () => {
    await expect(unitClient().getIndex({ context: 'admin' as 'view' })).rejects.toThrow(
      /context must be one of "view", "embed", "edit"/,
    );
  });

  it('GETs /doc', async () => {
    nock(ORIGIN)
      .get(`${NS}/doc`)
      .reply(200, { openapi: '3.1.0', info: { title: 't', version: 'v1' }, paths: {} });
    expect((await unitClient().getDoc()).openapi).toBe('3.1.0');
  });
});

describe('auth helpers', () => {
  it('basicAuth sends Authorization: Basic with the user and application password', async () => {
    const expected = `Basic ${Buffer.from('editor:abcd EFGH ijkl').toString('base64')}`;
    nock(ORIGIN)
      .matchHeader('authorization', expected)
      .delete(`${NS}/events/7`)
      .reply(200, eventFixture(7));
    await unitClient({ auth: basicAuth('editor', 'abcd EFGH ijkl') }).events.delete(7);
  });

  it('nonceAuth sends X-WP-Nonce, from a string or from a function asked on every request', async () => {
    let current = 'n1';
    nock(ORIGIN).matchHeader('x-wp-nonce', 'n1').get(`${NS}/events/1`).reply(200, eventFixture(1));
    nock(ORIGIN).matchHeader('x-wp-nonce', 'n2').get(`${NS}/events/1`).reply(200, eventFixture(1));
    const calendar = unitClient({ auth: nonceAuth(() => current) });
    await calendar.events.get(1);
    current = 'n2';
    await calendar.events.get(1);
    nock(ORIGIN)
      .matchHeader('x-wp-nonce', 'fixed')
      .get(`${NS}/events/1`)
      .reply(200, eventFixture(1));
    await unitClient({ auth: nonceAuth('fixed') }).events.get(1);
  });

  it('never shows the application password or the nonce when the auth object is printed', () => {
    const basic = basicAuth('editor', 'very secret words');
    const nonce = nonceAuth('a1b2c3d4e5');
    expect(String(basic)).toBe('[BasicAuth editor]');
    expect(JSON.stringify({ basic, nonce })).not.toMatch(/very secret|a1b2c3d4e5/);
  });
});

describe('error bodies', () => {
  const cases = [
    [400, 'rest_invalid_param', BadRequestError],
    [401, 'rest_forbidden', AuthenticationError],
    [403, 'event-password-protected', PermissionDeniedError],
    [404, 'event-not-found', NotFoundError],
    [410, 'event-is-in-trash', GoneError],
    [500, 'internal_server_error', InternalServerError],
  ] as const;
  for (const [status, code, ErrorClass] of cases) {
    it(`maps ${status} ${code} to ${ErrorClass.name} with the code, message and request id`, async () => {
      nock(ORIGIN)
        .get(`${NS}/events/5`)
        .reply(status, wpError(status, code), { 'x-request-id': 'req_1' });
      const error = await unitClient()
        .events.get(5)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error).toMatchObject({ status, code, requestId: 'req_1' });
      expect((error as APIError).message).toContain(`failure ${code}`);
    });
  }

  it('keeps the params of rest_invalid_param on the error body', async () => {
    nock(ORIGIN)
      .get(`${NS}/events`)
      .reply(
        400,
        wpError(400, 'rest_invalid_param', { params: { geoloc: 'requires the add-on' } }),
      );
    const error = (await unitClient()
      .events.list()
      .catch((caught: unknown) => caught)) as BadRequestError;
    expect(error.body).toMatchObject({ data: { params: { geoloc: 'requires the add-on' } } });
  });

  it('leaves the password of a protected event out of error messages', async () => {
    nock(ORIGIN)
      .get(`${NS}/events/110`)
      .query({ password: 'wrong-guess' })
      .reply(403, wpError(403, 'event-password-protected'));
    const error = (await unitClient()
      .events.get(110, { password: 'wrong-guess' })
      .catch((caught: unknown) => caught)) as PermissionDeniedError;
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(`${error.message} ${error.url}`).not.toContain('wrong-guess');
  });
});

describe('logs', () => {
  it('never write the application password, the nonce or an event password', async () => {
    const lines: string[] = [];
    const record = (message: string, details?: unknown) =>
      lines.push(`${message} ${JSON.stringify(details ?? {})}`);
    const logger = { debug: record, info: record, warn: record, error: record };
    nock(ORIGIN)
      .get(`${NS}/events/110`)
      .query({ password: 'members-only' })
      .reply(503, wpError(503, 'internal_server_error'), { 'retry-after': '0' });
    nock(ORIGIN)
      .get(`${NS}/events/110`)
      .query({ password: 'members-only' })
      .reply(200, eventFixture(110));
    const calendar = unitClient({
      auth: basicAuth('editor', 'app pass word'),
      logger,
      logLevel: 'debug',
      retry: 1,
    });
    await calendar.events.get(110, { password: 'members-only' });
    expect(lines).toEqual([
      expect.stringContaining('calendar.events.get: retry 1 after status 503'),
      expect.stringContaining('calendar.events.get: 200 GET'),
    ]);
    expect(lines.join('\n')).not.toMatch(/members-only|app pass word|ZWRpdG9y/);
  });
});

describe('retries', () => {
  it('retries reads on 503 and answers with the later success', async () => {
    nock(ORIGIN)
      .get(`${NS}/events/1`)
      .reply(503, wpError(503, 'internal_server_error'), { 'retry-after': '0' });
    nock(ORIGIN).get(`${NS}/events/1`).reply(200, eventFixture(1));
    const event = await unitClient({ retry: 2 }).events.get(1);
    expect(event.id).toBe(1);
  });

  it('retries updates (sent as PUT: the same changes twice leave one result) but never creates', async () => {
    nock(ORIGIN)
      .put(`${NS}/events/1`)
      .reply(503, wpError(503, 'internal_server_error'), { 'retry-after': '0' });
    nock(ORIGIN).put(`${NS}/events/1`).reply(200, eventFixture(1));
    await unitClient({ retry: 2 }).events.update(1, { featured: true });

    nock(ORIGIN)
      .post(`${NS}/events`)
      .reply(503, wpError(503, 'internal_server_error'), { 'retry-after': '0' });
    await expect(
      unitClient({ retry: 2 }).events.create({
        title: 'Once',
        start_date: '2026-07-01 10:00:00',
        end_date: '2026-07-01 11:00:00',
      }),
    ).rejects.toBeInstanceOf(InternalServerError);
  });
});
