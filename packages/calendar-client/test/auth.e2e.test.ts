import {
  AuthenticationError,
  basicAuth,
  nonceAuth,
  PermissionDeniedError,
} from '@clientkit/calendar-client';
import { describe, expect, it, onTestFinished } from 'vitest';
import { EDITOR_PASSWORD, NOW, SUBSCRIBER_PASSWORD, useCalendarServer } from './support/e2e';

const calendar = useCalendarServer();

const newEvent = {
  title: 'Open mic',
  start_date: '2026-07-03 19:00:00',
  end_date: '2026-07-03 21:00:00',
};

describe('who may read', () => {
  it('serves published records to anyone, without credentials', async () => {
    expect((await calendar.anonymous.events.get(108)).status).toBe('publish');
    expect((await calendar.anonymous.venues.list()).items.length).toBeGreaterThan(0);
  });
});

describe('who may write', () => {
  it('answers 401 rest_forbidden to a write without credentials', async () => {
    const writes = [
      () => calendar.anonymous.events.create(newEvent),
      () => calendar.anonymous.venues.update(10, { city: 'x' }),
      () => calendar.anonymous.organizers.delete(20),
      () => calendar.anonymous.categories.create({ name: 'x' }),
      () => calendar.anonymous.tags.delete(5),
    ];
    for (const write of writes) {
      const error = await write().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toMatchObject({ status: 401, code: 'rest_forbidden' });
    }
  });

  it('answers 403 rest_forbidden to a subscriber, who may only read', async () => {
    const error = await calendar.subscriber.events
      .create(newEvent)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: 'rest_forbidden' });
    await expect(calendar.subscriber.tags.update(5, { name: 'x' })).rejects.toMatchObject({
      status: 403,
      code: 'rest_forbidden',
    });
    expect((await calendar.subscriber.events.get(108)).id).toBe(108);
  });

  it('lets an editor write with an application password, with or without its spaces', async () => {
    expect((await calendar.editor.events.create(newEvent)).author).toBe(2);
    const compact = calendar.client({
      auth: basicAuth('editor', EDITOR_PASSWORD.replace(/ /g, '')),
    });
    expect((await compact.tags.create({ name: 'Acoustic' })).name).toBe('Acoustic');
  });

  it('lets an editor write with a nonce minted for them', async () => {
    const nonce = calendar.server.calendar.mintNonce('editor');
    const withNonce = calendar.client({ auth: nonceAuth(nonce) });
    expect((await withNonce.events.create(newEvent)).author).toBe(2);
    expect((await withNonce.events.get(111)).status).toBe('draft');
  });

  it('gives a subscriber nonce the rights of a subscriber only', async () => {
    const nonce = calendar.server.calendar.mintNonce('subscriber');
    await expect(
      calendar.client({ auth: nonceAuth(nonce) }).events.create(newEvent),
    ).rejects.toMatchObject({ status: 403, code: 'rest_forbidden' });
  });
});

describe('wrong credentials', () => {
  it('answers 401 incorrect_password for a wrong application password, even on a read', async () => {
    const wrong = calendar.client({ auth: basicAuth('editor', 'not the password') });
    const error = await wrong.events.get(108).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ code: 'incorrect_password' });
    expect(String((error as Error).message)).not.toContain('not the password');
  });

  it('answers 401 invalid_username for an unknown user', async () => {
    await expect(
      calendar.client({ auth: basicAuth('mallory', SUBSCRIBER_PASSWORD) }).events.list(),
    ).rejects.toMatchObject({ status: 401, code: 'invalid_username' });
  });

  it('does not accept one user’s application password for another user', async () => {
    await expect(
      calendar.client({ auth: basicAuth('editor', SUBSCRIBER_PASSWORD) }).events.create(newEvent),
    ).rejects.toMatchObject({ status: 401, code: 'incorrect_password' });
  });

  it('answers 403 rest_cookie_invalid_nonce for an unknown nonce', async () => {
    await expect(
      calendar.client({ auth: nonceAuth('0123456789') }).events.get(108),
    ).rejects.toMatchObject({ status: 403, code: 'rest_cookie_invalid_nonce' });
  });

  it('answers 403 rest_cookie_invalid_nonce once a nonce is older than 24 hours', async () => {
    onTestFinished(() => calendar.server.clock.set(NOW));
    const nonce = calendar.server.calendar.mintNonce('editor');
    const withNonce = calendar.client({ auth: nonceAuth(nonce) });
    await calendar.server.clock.advance('23h');
    expect((await withNonce.tags.create({ name: 'Late show' })).name).toBe('Late show');
    await calendar.server.clock.advance('1h');
    await expect(withNonce.tags.create({ name: 'Later show' })).rejects.toMatchObject({
      status: 403,
      code: 'rest_cookie_invalid_nonce',
    });
  });

  it('forgets nonces on reset', async () => {
    const nonce = calendar.server.calendar.mintNonce('editor');
    calendar.server.reset();
    await expect(calendar.client({ auth: nonceAuth(nonce) }).events.get(108)).rejects.toMatchObject(
      { code: 'rest_cookie_invalid_nonce' },
    );
  });
});
