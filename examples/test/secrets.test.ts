import { inspect } from 'node:util';
import { basicAuth, CalendarClient } from '@clientkit/calendar-client';
import { DocsClient } from '@clientkit/docs-client';
import { clientCredentials, IdmClient } from '@clientkit/idm-client';
import { MailClient, webhookUrl } from '@clientkit/mail-client';
import { MeteringClient } from '@clientkit/metering-client';
import { createReferenceServer, type ReferenceServer } from '@clientkit/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Every secret a user hands an SDK, right or wrong, must stay out of everything the SDK produces:
// error messages, stacks, inspected and serialised errors, inspected clients, and log lines at the
// most verbose level. Each scenario below runs real requests (successes, refusals, server errors
// with retries, bad input, unreachable hosts) and the scan runs over all of it.

const secrets = {
  docsToken: 'docs-dev-user-ada',
  wrongDocsToken: 'docs-wrong-token-5ecret',
  editorPassword: 'EdiT oRPa ssW0 rdCa lEnD ar01',
  wrongPassword: 'wr0ng appl icat ionp assw 0rd!',
  apiKey: 'sk_test_clientkit_dev_key',
  wrongApiKey: 'sk_test_wrong_5ecret_key_123',
  accountToken: 'mail-dev-account-token',
  wrongAccountToken: 'mail-wrong-5ecret-token',
  hookPassword: 'h00k-p@ss:word/5ecret',
  idmSecret: '', // filled from the server's machine client
  wrongIdmSecret: 'idm-wrong-client-5ecret',
};

let server: ReferenceServer;
let url: string;
const produced: string[] = [];

function capturingLogger() {
  const write = (level: string) => (message: string, details?: Record<string, unknown>) =>
    produced.push(`${level} ${message} ${JSON.stringify(details ?? {})} ${inspect(details)}`);
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

const verbose = () => ({ logger: capturingLogger(), logLevel: 'debug' as const });

/** Runs a call and records everything its outcome exposes. */
async function record(call: () => Promise<unknown>): Promise<void> {
  try {
    produced.push(inspect(await call(), { depth: 6 }));
  } catch (error) {
    const e = error as Error;
    produced.push(e.message, String(e), e.stack ?? '', inspect(e, { depth: 8 }));
    produced.push(JSON.stringify(e), JSON.stringify(Object.assign({}, e)));
  }
}

beforeAll(async () => {
  server = await createReferenceServer();
  ({ url } = await server.listen(0));
  secrets.idmSecret = server.idm.machineClients[0]!.clientSecret;
});
afterAll(() => server.close());

describe('no secret leaves the SDKs in errors, logs or inspected objects', () => {
  it('docs: a wrong token (401), an unknown space (404), retried 503s and bad input', async () => {
    const good = new DocsClient({ baseUrl: url, token: secrets.docsToken, ...verbose() });
    const wrong = new DocsClient({
      baseUrl: url,
      token: secrets.wrongDocsToken,
      ...verbose(),
    });
    produced.push(inspect(good, { depth: 8, showHidden: true }));
    await record(() => wrong.spaces.get('space_handbook'));
    await record(() => good.spaces.get('space_missing'));
    server.faults.add({ path: '/v1/spaces', status: 503, retryAfter: 0, count: 3 });
    await record(() => good.spaces.get('space_handbook'));
    await record(() => good.spaces.update('space_handbook', { title: '' }));
  });

  it('calendar: a wrong application password and a refused write', async () => {
    const editor = new CalendarClient({
      baseUrl: url,
      auth: basicAuth('editor', secrets.editorPassword),
      ...verbose(),
    });
    const wrong = new CalendarClient({
      baseUrl: url,
      auth: basicAuth('editor', secrets.wrongPassword),
      ...verbose(),
    });
    produced.push(inspect(editor, { depth: 8, showHidden: true }));
    await record(() => wrong.venues.create({ venue: 'Nowhere' }));
    await record(() => editor.events.update(999_999, { title: 'Missing' }));
  });

  it('metering: a wrong API key, and an unreachable stream host', async () => {
    const wrong = new MeteringClient({ baseUrl: url, apiKey: secrets.wrongApiKey, ...verbose() });
    await record(() =>
      wrong.events.send([
        { event_name: 'api_call', payload: { stripe_customer_id: 'cus_1', value: '1' } },
      ]),
    );
    const unreachable = new MeteringClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: secrets.apiKey,
      retry: 0,
      ...verbose(),
    });
    produced.push(inspect(unreachable, { depth: 8, showHidden: true }));
    await record(() =>
      unreachable.events.send([
        { event_name: 'api_call', payload: { stripe_customer_id: 'cus_1', value: '1' } },
      ]),
    );
  });

  it('mail: a wrong account token, and a hook URL with a password in it', async () => {
    const mail = new MailClient({ baseUrl: url, accountToken: secrets.accountToken, ...verbose() });
    const wrong = new MailClient({
      baseUrl: url,
      accountToken: secrets.wrongAccountToken,
      ...verbose(),
    });
    await record(() => wrong.servers.get(1));
    const hook = webhookUrl('http://127.0.0.1:9/inbound', {
      username: 'helpdesk',
      password: secrets.hookPassword,
    });
    await record(() => mail.servers.update(1, { InboundHookUrl: hook }));
    await record(() => mail.servers.get(1));
    await record(() =>
      mail.servers.update(1, { InboundHookUrl: `${hook} not a url`, InboundSpamThreshold: -1 }),
    );
  });

  it('idm: a wrong client secret, and a token exchange at an unreachable host', async () => {
    const { clientId } = server.idm.machineClients[0]!;
    const audience = server.idm.audience;
    const wrong = new IdmClient({
      baseUrl: url,
      auth: clientCredentials({ clientId, clientSecret: secrets.wrongIdmSecret, audience }),
      ...verbose(),
    });
    await record(() => wrong.clients.list());
    const unreachable = new IdmClient({
      baseUrl: 'http://127.0.0.1:9',
      auth: clientCredentials({ clientId, clientSecret: secrets.idmSecret, audience }),
      retry: 0,
      ...verbose(),
    });
    produced.push(inspect(unreachable, { depth: 8, showHidden: true }));
    await record(() => unreachable.clients.list());
  });

  it('the scan: none of the secrets appears in anything recorded above', () => {
    expect(produced.length).toBeGreaterThan(40);
    const text = produced.join('\n');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret, name).not.toBe('');
      expect(text.includes(secret), `${name} leaked`).toBe(false);
      expect(text.includes(encodeURIComponent(secret)), `${name} leaked URL-encoded`).toBe(false);
    }
  });
});
