/**
 * Retries through the reference server's injected faults: the client sends updates as PUT, which
 * gives the same result however often it arrives, so it retries them like reads.
 */
import { basicAuth } from '@clientkit/calendar-client';
import { describe, expect, it } from 'vitest';
import { EDITOR_PASSWORD, useCalendarServer } from './support/e2e';

const calendar = useCalendarServer();

describe('retries, end to end', () => {
  it('an update is retried through a 503 (sent as PUT) and applied once', async () => {
    calendar.server.faults.add({ path: '/wp-json/calendar', status: 503, retryAfter: 0, count: 1 });
    const editor = calendar.client({ auth: basicAuth('editor', EDITOR_PASSWORD), retry: 1 });
    const updated = await editor.tags.update(6, { description: 'Under the sky' });
    expect(updated.description).toBe('Under the sky');
  });
});
