import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createReferenceServer,
  developmentEnvironment,
  type ReferenceServer,
} from '@clientkit/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A program as a user would write it once `pnpm serve` has printed its export lines: every client
// built without options, in a Node process whose environment holds those variables and nothing
// else. It must exit by itself, promptly: nothing a client starts (a token cache, a session, the
// stream, a connection pool) may keep the process alive once the work is done.

const examplesDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const program = `
import { CalendarClient } from '@clientkit/calendar-client';
import { DocsClient } from '@clientkit/docs-client';
import { IdmClient } from '@clientkit/idm-client';
import { MailClient } from '@clientkit/mail-client';
import { MeteringClient } from '@clientkit/metering-client';

const docs = new DocsClient();
console.log('docs', (await docs.spaces.get('space_handbook')).id);
const calendar = new CalendarClient();
console.log('calendar', typeof (await calendar.venues.create({ venue: 'Env Hall' })).id);
const metering = new MeteringClient();
const stream = metering.createStream();
stream.push({ event_name: 'api_call', payload: { stripe_customer_id: 'cus_env', value: '1' } });
await stream.close();
console.log('metering', stream.stats.sent);
const mail = new MailClient();
console.log('mail', (await mail.servers.get(1)).ID);
const idm = new IdmClient();
console.log('idm', (await idm.clients.list({ take: 1 })).items.length);
`;

/** Generous against a busy machine: the program itself takes about a second. */
const PROMPTLY_MS = 30_000;

function run(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '--no-warnings'],
      { cwd: examplesDir, env, timeout: PROMPTLY_MS, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        done({ code: error ? (child.exitCode ?? null) : 0, output: `${stdout}${stderr}` });
      },
    );
    child.stdin?.end(program);
  });
}

let server: ReferenceServer;
let url: string;
beforeAll(async () => {
  server = await createReferenceServer();
  ({ url } = await server.listen(0, '127.0.0.1'));
});
afterAll(() => server.close());

describe('a program configured by environment variables alone', () => {
  it('uses each of the five clients built without options, and exits by itself, promptly', async () => {
    const { code, output } = await run(developmentEnvironment(url));
    expect(output).toBe(
      ['docs space_handbook', 'calendar number', 'metering 1', 'mail 1', 'idm 1', ''].join('\n'),
    );
    expect(code).toBe(0);
  });

  it('without the variables, stops at the first client with a message saying what to set', async () => {
    const { code, output } = await run({});
    expect(code).toBe(1);
    expect(output).toContain(
      'RequestValidationError: Invalid options of DocsClient: baseUrl is required: pass it or set CLIENTKIT_DOCS_BASE_URL or CLIENTKIT_BASE_URL; token is required: pass it or set CLIENTKIT_DOCS_TOKEN',
    );
  });
});
