import { createReferenceServer, type ReferenceServer } from '@clientkit/reference-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calendarDemo } from '../src/calendar-demo';
import { docsDemo } from '../src/docs-demo';
import { idmDemo } from '../src/idm-demo';
import { mailDemo } from '../src/mail-demo';
import { meteringDemo } from '../src/metering-demo';
import { type DemoPart, demoParts } from '../src/parts';

// The demo is the first thing a new user runs: each section must keep doing what it prints.
let server: ReferenceServer;
let url: string;
beforeAll(async () => {
  server = await createReferenceServer({
    clock: { start: Date.parse('2026-11-23T09:00:00Z'), frozen: true },
  });
  ({ url } = await server.listen(0));
});
afterAll(() => server.close());
beforeEach(() => server.reset());

async function run(part: DemoPart): Promise<string[]> {
  const lines: string[] = [];
  await part(server, url, (line) => lines.push(line));
  return lines;
}

describe('the demo', () => {
  it('runs one section per SDK, in the order the README lists them', () => {
    expect(demoParts.map(([title]) => title.match(/@clientkit\/[a-z-]+/)?.[0])).toEqual([
      '@clientkit/docs-client',
      '@clientkit/calendar-client',
      '@clientkit/metering-client',
      '@clientkit/mail-client',
      '@clientkit/idm-client',
    ]);
  });

  it('docs: reads, searches, renames, shares, exports to Git, and restores a deleted copy', async () => {
    const lines = await run(docsDemo);
    expect(lines[0]).toBe('Signed in as Ada Lovelace <ada@acme.test>');
    expect(lines).toContain('Renamed to "Robot handbook (2026)"');
    expect(lines).toContain(
      "Git export success to acme/robot-handbook, 5 s later on the reference server's clock",
    );
    expect(lines).toContain('Deleted the copy: true; deleted again: false');
    expect(lines).toContain('Reading it now: 404 (in the trash)');
    expect(lines.at(-1)).toMatch(/^Restored within the 7-day window/);
  });

  it('calendar: lists a category, creates an event, is refused as a subscriber, trashes it once', async () => {
    const lines = await run(calendarDemo);
    expect(lines[0]).toBe('Upcoming in "Music":');
    expect(lines).toContain('A subscriber may not edit it: 403 rest_forbidden');
    expect(lines).toContain('Cancelled: the event is now "trash"');
    expect(lines.at(-1)).toBe('Cancelling it again: 410 event-is-in-trash');
  });

  it('metering: streams 5,000 events, all counted, and renews the session after it expires', async () => {
    const lines = await run(meteringDemo);
    expect(lines).toContain(
      'server counted: {"total":5000,"byEventName":{"image_generated":500,"api_call":4500}}',
    );
    expect(lines.at(-1)).toBe(
      "16 minutes later on the reference server's clock (advanced, not waited for), the expired session was renewed: 2 sessions (server: 2), 5001 sent, 0 failed",
    );
  });

  it('mail: the webhook receives the parsed reply and the page shows no webhook password', async () => {
    const lines = await run(mailDemo);
    expect(lines.join('\n')).not.toContain('p@ss');
    expect(lines).toContain(
      'New text in the reply: "Restarting it fixed it, thanks! Log attached."',
    );
    expect(lines.at(-1)).toMatch(/^Delivery delivered after 1 attempt; dedupe key \S+$/);
  });

  it('idm: token scopes, a traced change, both paginations and a fail-fast scope error', async () => {
    expect(await run(idmDemo)).toEqual([
      'token scopes: read:clients create:clients update:clients delete:clients read:logs',
      expect.stringMatching(/^created client "Demo Portal" \([A-Za-z0-9]{32}\)$/),
      expect.stringMatching(/^log event log_\d+: sapi "Create a client" \[demo-\d+\]$/),
      'checkpoint pagination: 31 clients in 4 pages of up to 10',
      'offset pagination: page 1 holds 10 of 31 clients',
      expect.stringContaining('Insufficient scope, expected any of: delete:clients'),
    ]);
  });
});
