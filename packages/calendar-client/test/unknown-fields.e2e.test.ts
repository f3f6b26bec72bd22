/**
 * What the calendar server does with fields it does not know: it ignores them, as WordPress does.
 * (The client refuses them before sending: the conventions suite checks that for every client.)
 */
import { describe, expect, it } from 'vitest';
import { basicHeader, EDITOR_PASSWORD, useCalendarServer } from './support/e2e';

const calendar = useCalendarServer();
const editorHeaders = {
  authorization: basicHeader('editor', EDITOR_PASSWORD),
  'content-type': 'application/json',
};

describe('unknown fields, end to end', () => {
  it('the server ignores an unknown body field, as WordPress does: the venue is created without it', async () => {
    const { status, body } = await calendar.raw('/venues', {
      method: 'POST',
      headers: editorHeaders,
      body: JSON.stringify({ venue: 'Harbour Hall', citty: 'Boston' }),
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ venue: 'Harbour Hall' });
    expect(body).not.toHaveProperty('citty');
  });

  it('the server ignores an unknown filter, as WordPress does', async () => {
    const filtered = await calendar.raw('/events?featured=true');
    const withUnknown = await calendar.raw('/events?featured=true&category=1');
    expect(withUnknown.status).toBe(200);
    expect(withUnknown.body.total).toBe(filtered.body.total);
  });
});
