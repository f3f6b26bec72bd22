import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IdmClient } from '@clientkit/idm-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProxyServer,
  createReferenceServer,
  createReplayServer,
  type ProxyServer,
  type ReferenceServer,
  type ReplayServer,
} from '../src/index';
import {
  developmentCredentials,
  HOOK_PASSWORD,
  otherCredentials,
  recordingDir,
  removeRecordingDirs,
  runSession,
  sessionClients,
} from './support/recorded-session';

afterAll(removeRecordingDirs);

/** Headers the upstream's HTTP server adds on the wire, or that describe one connection. */
const WIRE_HEADERS = ['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding'];

/** An answer as a test compares it: status, headers by name, body bytes. */
async function answerOf(response: Response, leaveOut: string[] = []) {
  const headers = [...response.headers].filter(([name]) => !leaveOut.includes(name));
  return {
    status: response.status,
    headers: Object.fromEntries(headers),
    body: Buffer.from(await response.arrayBuffer()).toString('base64'),
  };
}

/** Every string a secret-named field of a JSON answer holds (tokens, client secrets), by field. */
function secretsIn(value: unknown, found: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) for (const item of value) secretsIn(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [name, field] of Object.entries(value)) {
      if (!/tokens?$|secret/i.test(name)) secretsIn(field, found);
      else
        for (const text of [field].flat()) if (typeof text === 'string') found.push([name, text]);
    }
  }
  return found;
}

const upstreamAnswers = new Map<string, Response>();
const received: Response[] = [];
const printed: string[] = [];
let upstream: ReferenceServer;
let proxy: ProxyServer;
let dir: string;
let recordedRun: Awaited<ReturnType<typeof runSession>>;

/** A fetch that keeps a copy of every answer the client receives. */
const keepingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  received.push(response.clone());
  return response;
};

beforeAll(async () => {
  upstream = await createReferenceServer({
    onExchange: ({ response }) =>
      upstreamAnswers.set(response.headers.get('x-request-id')!, response),
  });
  await upstream.listen(0);
  dir = recordingDir();
  proxy = await createProxyServer({
    target: upstream.url!,
    record: dir,
    log: (line) => printed.push(line),
  });
  const { url } = await proxy.listen(0);
  recordedRun = await runSession(sessionClients(url, developmentCredentials, keepingFetch));
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

describe('the proxy in front of the reference server', () => {
  it('answers each call of the five clients with exactly what the upstream sent', async () => {
    expect(received.length).toBeGreaterThanOrEqual(10);
    for (const response of received) {
      const sent = upstreamAnswers.get(response.headers.get('x-request-id') ?? '');
      expect(sent, `an upstream answer for ${response.url}`).toBeDefined();
      expect(await answerOf(response.clone(), WIRE_HEADERS)).toEqual(
        await answerOf(sent!.clone(), ['content-length']),
      );
    }
  });

  it("finds nothing in the reference server's answers that breaks the contracts", () => {
    expect(proxy.violations()).toEqual([]);
    expect(proxy.unknownOperations()).toEqual([]);
    expect(printed).toEqual([]);
  });

  it("records one file of nock definitions per interface, in order, naming the target's origin", () => {
    expect(readdirSync(dir).sort()).toEqual([
      'calendar.json',
      'docs.json',
      'idm.json',
      'mail.json',
      'metering.json',
    ]);
    const idm = JSON.parse(readFileSync(join(dir, 'idm.json'), 'utf8'));
    expect(
      idm.map((entry: { method: string; path: string }) => `${entry.method} ${entry.path}`),
    ).toEqual(['POST /oauth/token', 'POST /api/v2/clients', 'GET /api/v2/clients?take=5']);
    for (const file of readdirSync(dir)) {
      const entries = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      expect(new Set(entries.map((entry: { scope: string }) => entry.scope))).toEqual(
        new Set([upstream.url]),
      );
    }
  });

  it('leaves no credential of any interface in the recordings, in headers, forms or JSON bodies', async () => {
    // The token exchange as a form, and with client_secret_basic, besides the client's JSON.
    const { clientId, clientSecret } = {
      clientId: 'idm_dev_full_access',
      clientSecret: developmentCredentials.idmSecret,
    };
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
      audience: 'https://idm.clientkit.test/api/v2/',
    });
    const byForm = await keepingFetch(`${proxy.url}/oauth/token`, { method: 'POST', body: form });
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const byBasic = await keepingFetch(`${proxy.url}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        audience: 'https://idm.clientkit.test/api/v2/',
      }),
    });
    expect([byForm.status, byBasic.status]).toEqual([200, 200]);
    expect(proxy.violations()).toEqual([]);

    const answered = (
      await Promise.all(
        received.map(async (response) => {
          const text = await response.clone().text();
          return text.startsWith('{') ? secretsIn(JSON.parse(text)) : [];
        }),
      )
    ).flat();
    const editor = `editor:${developmentCredentials.calendarPassword}`;
    const secrets = [
      developmentCredentials.docsToken,
      developmentCredentials.calendarPassword,
      Buffer.from(editor).toString('base64'),
      developmentCredentials.meteringKey,
      developmentCredentials.mailToken,
      developmentCredentials.idmSecret,
      basic,
      HOOK_PASSWORD,
      ...answered.map(([, secret]) => secret),
    ];
    expect(new Set(answered.map(([name]) => name))).toEqual(
      new Set(['authentication_token', 'access_token', 'ApiTokens']),
    );
    const files = readdirSync(dir).map((file) => readFileSync(join(dir, file), 'utf8'));
    const leaked = secrets.filter((secret) => files.some((text) => text.includes(secret)));
    expect(leaked).toEqual([]);
    expect(files.join('\n')).toContain('"authorization": "Bearer [redacted]"');
    expect(files.join('\n')).toContain('"x-mail-account-token": "[redacted]"');
    expect(files.join('\n')).toContain('client_secret=%5Bredacted%5D');
    expect(files.join('\n')).toContain('https://[redacted]@hooks.example.com/inbound');
  });
});

describe('the replay of that recording', () => {
  let replay: ReplayServer;
  const unmatchedLines: string[] = [];
  beforeAll(async () => {
    await proxy.close();
    await upstream.close();
    replay = await createReplayServer({ dir, log: (line) => unmatchedLines.push(line) });
    await replay.listen(0);
  });
  afterAll(() => replay.close());

  it('answers the same calls with the upstream stopped, whatever credentials they carry', async () => {
    const replayed = await runSession(sessionClients(replay.url!, otherCredentials));
    // As recorded: with the credentials the answers held replaced.
    expect(replayed).toEqual({
      ...recordedRun,
      mail: {
        ...recordedRun.mail,
        ApiTokens: ['[redacted]'],
        InboundHookUrl: 'https://[redacted]@hooks.example.com/inbound',
      },
    });
    expect(replay.unmatched()).toEqual([]);
  });

  it('answers a call it has no recording of with a 501 naming the method, the path and the directory', async () => {
    const { docs } = sessionClients(replay.url!, otherCredentials);
    const error = await docs.spaces.get('space_never_recorded').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 501 });
    expect((error as Error).message).toContain(
      `No recording for GET /v1/spaces/space_never_recorded in ${replay.dir}`,
    );
    const listed = await fetch(`${replay.url}/__admin/unmatched`).then((answer) => answer.json());
    expect(listed.unmatched).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/v1/spaces/space_never_recorded',
        interface: 'docs',
      }),
    ]);
    expect(unmatchedLines).toEqual([
      'no recording: GET /v1/spaces/space_never_recorded (nothing was recorded for GET /v1/spaces/space_never_recorded)',
    ]);
  });

  it("answers in each interface's own error body, so that every client names the call it has no recording of", async () => {
    const { calendar, metering, mail } = sessionClients(replay.url!, otherCredentials);
    // A token of its own: the recorded token exchange was answered already.
    const idm = new IdmClient({ baseUrl: replay.url!, token: 'an-access-token', retry: 0 });
    const calls = {
      'GET /wp-json/calendar/events/v1/events/999': () => calendar.events.get(999),
      'POST /v2/billing/meter_event_session': () => metering.sessions.create(),
      'GET /servers/2': () => mail.servers.get(2),
      'GET /api/v2/logs/log_never_recorded': () => idm.logs.get('log_never_recorded'),
    };
    for (const [call, make] of Object.entries(calls)) {
      const error = await make().catch((caught: unknown) => caught);
      expect(error, call).toMatchObject({ status: 501 });
      expect((error as Error).message, call).toContain(`No recording for ${call} in ${replay.dir}`);
    }
  });
});
