import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../src/index';

const NS = 'http://in-process.test/wp-json/calendar/events/v1';
const ADMIN = 'http://in-process.test/__admin';
const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('calendar admin and control', () => {
  let server: ReferenceServer;

  beforeAll(async () => {
    server = await createReferenceServer({
      admin: true,
      clock: { start: '2026-06-15T12:00:00Z', frozen: true },
    });
  });
  beforeEach(() => server.reset());
  afterAll(() => server.close());

  it('switches the professional add-on with POST /__admin/calendar/professional', async () => {
    expect((await server.fetch(`${NS}/events?geoloc=true`)).status).toBe(400);
    const on = await server.fetch(`${ADMIN}/calendar/professional`, json({ enabled: true }));
    expect(await on.json()).toEqual({ enabled: true });
    expect(server.calendar.professional).toBe(true);
    expect((await server.fetch(`${NS}/events?geoloc=true`)).status).toBe(200);
    expect(await (await server.fetch(`${ADMIN}/calendar/professional`)).json()).toEqual({
      enabled: true,
    });
    await server.fetch(`${ADMIN}/calendar/professional`, json({ enabled: false }));
    expect((await server.fetch(`${NS}/events?geoloc=true`)).status).toBe(400);
    expect(
      (await server.fetch(`${ADMIN}/calendar/professional`, json({ enabled: 'yes' }))).status,
    ).toBe(400);
  });

  it('mints nonces tied to a user with POST /__admin/calendar/nonces', async () => {
    const minted = await server.fetch(`${ADMIN}/calendar/nonces`, json({ user: 'editor' }));
    expect(minted.status).toBe(201);
    const { nonce, user, expires_at } = (await minted.json()) as Record<string, string>;
    expect(user).toBe('editor');
    expect(expires_at).toBe('2026-06-16T12:00:00.000Z');
    const created = await server.fetch(`${NS}/tags`, {
      ...json({ name: 'Nonce made' }),
      headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce! },
    });
    expect(created.status).toBe(201);
    expect((await server.fetch(`${ADMIN}/calendar/nonces`, json({ user: 'nobody' }))).status).toBe(
      400,
    );
  });

  it('keeps application passwords and event passwords out of inspect()', () => {
    const state = server.inspect('calendar') as { users: object[]; events: object[] };
    const text = JSON.stringify(state);
    expect(text).not.toContain('EdiT oRPa');
    expect(text).not.toContain('opensesame');
    expect(state.users).toContainEqual({
      id: 2,
      login: 'editor',
      name: 'Eddie Editor',
      role: 'editor',
    });
  });

  it('prints the development credentials of the seeded users', () => {
    expect(server.credentials().calendar).toEqual({
      'editor application password': 'editor / EdiT oRPa ssW0 rdCa lEnD ar01',
      'subscriber application password': 'subscriber / SubS cRiB erPa ssW0 rdCa l001',
      'members-preview event password': 'opensesame',
    });
  });

  it('replaces the state with checked seed data, and refuses data that does not fit', async () => {
    const state = server.inspect('calendar') as { events: { id: number; title: string }[] };
    state.events = state.events.filter((event) => event.id === 108);
    server.seed({ calendar: state });
    const listed = (await (await server.fetch(`${NS}/events`)).json()) as { total: number };
    expect(listed.total).toBe(1);
    expect(() => server.seed({ calendar: { events: 'none' } })).toThrow(/calendar seed: users/);
    const refused = await server.fetch(`${ADMIN}/seed`, json({ calendar: { users: [] } }));
    expect(refused.status).toBe(400);
  });

  it('seeds around the day the clock shows', async () => {
    onTestFinished(() => server.clock.set('2026-06-15T12:00:00Z'));
    await server.clock.set('2030-01-10T08:00:00Z');
    server.reset();
    const yoga = (await (await server.fetch(`${NS}/events/102`)).json()) as { start_date: string };
    expect(yoga.start_date).toBe('2030-01-10 06:00:00');
  });
});

describe('calendar options', () => {
  it('starts with the add-on on when asked, and goes back to that on reset', async () => {
    const server = await createReferenceServer({ calendar: { professional: true } });
    try {
      expect((await server.fetch(`${NS}/events?geoloc=true`)).status).toBe(200);
      server.calendar.setProfessional(false);
      server.reset();
      expect(server.calendar.professional).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('reads "today" and publication dates in the site time zone', async () => {
    const server = await createReferenceServer({
      calendar: { timezone: 'America/New_York' },
      clock: { start: '2026-06-15T02:00:00Z', frozen: true },
    });
    try {
      expect(server.calendar.timezone).toBe('America/New_York');
      const page = (await (await server.fetch(`${NS}/events`)).json()) as {
        events: { title: string; start_date: string; date: string; date_utc: string }[];
      };
      expect(page.events[0]).toMatchObject({
        title: 'Sunrise Yoga',
        start_date: '2026-06-14 06:00:00',
      });
      expect(page.events[0]?.date).toBe('2026-04-15 09:00:00');
      expect(page.events[0]?.date_utc).toBe('2026-04-15 13:00:00');
    } finally {
      await server.close();
    }
  });

  it('refuses a site time zone that does not exist', async () => {
    await expect(
      createReferenceServer({ calendar: { timezone: 'Atlantis/Lost' } }),
    ).rejects.toThrow(RangeError);
  });
});
