import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as calendarClient from '@clientkit/calendar-client';
import * as docsClient from '@clientkit/docs-client';
import * as idmClient from '@clientkit/idm-client';
import * as mailClient from '@clientkit/mail-client';
import * as meteringClient from '@clientkit/metering-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { developmentEnvironment } from '../src/development-environment';
import { listeningUrl, startCli, stopCliProcesses } from './support/cli-process';

const packages: Record<string, Record<string, unknown>> = {
  '@clientkit/docs-client': docsClient,
  '@clientkit/calendar-client': calendarClient,
  '@clientkit/metering-client': meteringClient,
  '@clientkit/mail-client': mailClient,
  '@clientkit/idm-client': idmClient,
};

/**
 * Runs each `new XClient({ ... })` line of the banner as printed, with the names its import line
 * above it brings in, as a reader pasting the two lines would.
 */
function clientsFromBanner(banner: string): Record<string, unknown> {
  const lines = banner.split('\n').map((line) => line.trim());
  const clients: Record<string, unknown> = {};
  lines.forEach((line, index) => {
    const imported = /^import \{ (.+) \} from '(@clientkit\/[a-z-]+)';$/.exec(line);
    if (!imported) return;
    const names = imported[1]!.split(', ');
    const values = names.map((name) => packages[imported[2]!]![name]);
    const build = new Function(...names, `return ${lines[index + 1]};`);
    clients[names[0]!] = build(...values);
  });
  return clients;
}

describe('the CLI banner', () => {
  let banner: string;
  let clients: Record<string, unknown>;

  beforeAll(async () => {
    banner = await startCli(['--port', '0', '--smtp-port', '0']);
    clients = clientsFromBanner(banner);
  });
  afterAll(stopCliProcesses);

  it('prints constructor options for all five clients', () => {
    expect(Object.keys(clients).sort()).toEqual([
      'CalendarClient',
      'DocsClient',
      'IdmClient',
      'MailClient',
      'MeteringClient',
    ]);
    expect(banner).toContain(listeningUrl(banner));
  });

  it('the docs options as printed read a space', async () => {
    const docs = clients.DocsClient as docsClient.DocsClient;
    expect((await docs.spaces.get('space_handbook')).id).toBe('space_handbook');
  });

  it('the calendar options as printed carry the editor credentials: creating a venue works', async () => {
    const calendar = clients.CalendarClient as calendarClient.CalendarClient;
    const venue = await calendar.venues.create({ venue: 'Banner Hall', status: 'publish' });
    expect(venue.id).toBeGreaterThan(0);
  });

  it('the metering options as printed send an event', async () => {
    const metering = clients.MeteringClient as meteringClient.MeteringClient;
    const sent = await metering.events.send([
      { event_name: 'api_call', payload: { stripe_customer_id: 'cus_banner', value: '1' } },
    ]);
    expect(sent.events).toHaveLength(1);
  });

  it('the mail options as printed read server 1', async () => {
    const mail = clients.MailClient as mailClient.MailClient;
    expect((await mail.servers.get(1)).ID).toBe(1);
  });

  it('the identity management options as printed exchange credentials and list clients', async () => {
    const idm = clients.IdmClient as idmClient.IdmClient;
    const page = await idm.clients.list({ take: 1 });
    expect(page.items).toHaveLength(1);
  });

  it('prints export lines that a shell runs as printed, setting the development environment', () => {
    const exports = banner
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('export '));
    expect(exports.length).toBeGreaterThan(5);
    const printed = execFileSync('sh', ['-c', `${exports.join('\n')}\nenv`], {
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
    });
    const set = Object.fromEntries(
      printed
        .split('\n')
        .filter((line) => line.startsWith('CLIENTKIT_'))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(set).toEqual(developmentEnvironment(listeningUrl(banner)));
  });

  it('with that environment, each client built without options reaches the server with the development credentials', async () => {
    for (const [name, value] of Object.entries(developmentEnvironment(listeningUrl(banner)))) {
      vi.stubEnv(name, value);
    }
    try {
      const docs = new docsClient.DocsClient();
      expect((await docs.spaces.get('space_handbook')).id).toBe('space_handbook');
      const calendar = new calendarClient.CalendarClient();
      expect((await calendar.venues.create({ venue: 'Shell Hall' })).id).toBeGreaterThan(0);
      const metering = new meteringClient.MeteringClient();
      const sent = await metering.events.send([
        { event_name: 'api_call', payload: { stripe_customer_id: 'cus_shell', value: '1' } },
      ]);
      expect(sent.events).toHaveLength(1);
      expect((await new mailClient.MailClient().servers.get(1)).ID).toBe(1);
      expect((await new idmClient.IdmClient().clients.list({ take: 1 })).items).toHaveLength(1);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('lists every development token the README names, each value in the same column', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const named = new Set(readme.match(/`(?:docs-dev|mail-dev|sk_(?:test|live))[-\w]*`/g));
    expect(named.size).toBeGreaterThan(5);
    for (const token of named) expect(banner).toContain(token.slice(1, -1));
    const section = banner.split('Development credentials:\n')[1]!.split('\n\n')[0]!;
    const rows = section.split('\n');
    // Labels hold single spaces; at least two separate a label from its value.
    const columns = new Set(rows.map((row) => 12 + /^\S.*?\S {2,}/.exec(row.slice(12))![0].length));
    expect(rows.length).toBeGreaterThan(10);
    expect(columns.size, section).toBe(1);
  });
});
