import { inspect } from 'node:util';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { useNock } from '../../../test-support/unit';
import {
  APIError,
  AuthenticationError,
  InternalServerError,
  MailClient,
  NotFoundError,
  RequestValidationError,
  type Server,
  UnprocessableEntityError,
  type UpdateServerBody,
} from '../src/index';
import { MAX_SERVER_NAME_LENGTH, MAX_WEBHOOK_URL_LENGTH } from '../src/schemas';

const ORIGIN = 'http://mail.test';
const TOKEN = 'acct_unit_secret_123';
const mail = new MailClient({ baseUrl: ORIGIN, accountToken: TOKEN, retry: 0 });
const api = () =>
  nock(ORIGIN, { reqheaders: { 'x-mail-account-token': TOKEN, accept: 'application/json' } });

const API_TOKEN = 'f2c9a7e0-5b1d-4c3e-9a8f-7d6e5c4b3a21';
const server: Server = {
  ID: 1,
  Name: 'Acme',
  ApiTokens: [API_TOKEN],
  Color: 'Blue',
  SmtpApiActivated: true,
  RawEmailEnabled: false,
  DeliveryType: 'Live',
  ServerLink: 'https://x/servers/1',
  InboundAddress: 'h@in.example',
  InboundDomain: 'in.example',
  InboundHash: 'h',
  InboundHookUrl: '',
  InboundSpamThreshold: 0,
  BounceHookUrl: '',
  OpenHookUrl: '',
  DeliveryHookUrl: '',
  ClickHookUrl: '',
  TrackOpens: false,
  TrackLinks: 'None',
  PostFirstOpenOnly: false,
  IncludeBounceContentInHook: false,
  EnableSmtpApiErrorHooks: false,
};

useNock();

async function errorOf(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    () => undefined,
    (error: unknown) => error,
  );
}

/** Expects a RequestValidationError with these issue texts, and no request (nock refuses any). */
async function refused(changes: unknown, issues: string[]) {
  const error = await errorOf(mail.servers.update(1, changes as UpdateServerBody));
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(
    (error as RequestValidationError).issues.map((i) => `${i.path} ${i.message}`.trim()),
  ).toEqual(issues);
}

/** The server settings that hold a webhook URL. */
const HOOK_URL_FIELDS = [
  'InboundHookUrl',
  'BounceHookUrl',
  'OpenHookUrl',
  'DeliveryHookUrl',
  'ClickHookUrl',
];
describe('MailClient requests', () => {
  it('servers.get sends GET /servers/{serverId} with the account token and Accept: application/json', async () => {
    api().get('/servers/1').reply(200, server);
    expect(await mail.servers.get(1)).toEqual(server);
  });

  it('keeps ApiTokens readable but shows them as [redacted] in util.inspect and JSON, from get and update', async () => {
    api().get('/servers/1').reply(200, server);
    api().put('/servers/1').reply(200, server);
    for (const record of [
      await mail.servers.get(1),
      await mail.servers.update(1, { Color: 'Red' }),
    ]) {
      expect(record.ApiTokens[0]).toBe(API_TOKEN);
      expect([...record.ApiTokens]).toEqual([API_TOKEN]);
      expect(inspect(record, { depth: 5 })).not.toContain(API_TOKEN);
      expect(JSON.stringify(record)).not.toContain(API_TOKEN);
      expect(JSON.stringify({ logged: record })).toContain('"ApiTokens":"[redacted]"');
    }
  });

  it('servers.update sends PUT /servers/{serverId} with a JSON body of the changes', async () => {
    const changes = { InboundHookUrl: 'https://u:p@hooks.example/in', InboundSpamThreshold: 10 };
    api()
      .matchHeader('content-type', 'application/json')
      .put('/servers/1', changes)
      .reply(200, { ...server, InboundHookUrl: 'https://u@hooks.example/in' });
    expect((await mail.servers.update(1, changes)).InboundHookUrl).toBe(
      'https://u@hooks.example/in',
    );
  });

  it('passes request options: extra headers and a response with its request id', async () => {
    api()
      .matchHeader('x-trace', 'abc')
      .get('/servers/1')
      .reply(200, server, { 'x-request-id': 'req_1', 'content-type': 'application/json' });
    const { requestId } = await mail.servers
      .get(1, { headers: { 'x-trace': 'abc' } })
      .withResponse();
    expect(requestId).toBe('req_1');
  });

  it('retries a PUT that got a 503, since setting the same fields twice is harmless', async () => {
    const retrying = new MailClient({ baseUrl: ORIGIN, accountToken: TOKEN, retry: 1 });
    api().put('/servers/1').reply(503, { ErrorCode: 0, Message: 'busy' }, { 'retry-after': '0' });
    api().put('/servers/1').reply(200, server);
    expect(await retrying.servers.update(1, { Name: 'Acme' })).toEqual(server);
  });

  it('takes the account token from a function', async () => {
    const client = new MailClient({
      baseUrl: ORIGIN,
      accountToken: async () => TOKEN,
      retry: 0,
    });
    api().get('/servers/1').reply(200, server);
    await client.servers.get(1);
  });
});

describe('error bodies', () => {
  const cases: [number, number, typeof APIError][] = [
    [401, 10, AuthenticationError],
    [404, 601, NotFoundError],
    [422, 606, UnprocessableEntityError],
    [422, 607, UnprocessableEntityError],
    [422, 609, UnprocessableEntityError],
    [422, 611, UnprocessableEntityError],
    [406, 409, APIError],
    [500, 300, InternalServerError],
  ];
  it.each(cases)(
    'maps %i with ErrorCode %i to its error class, code and message',
    async (status, code, ErrorClass) => {
      api()
        .get('/servers/1')
        .reply(
          status,
          { ErrorCode: code, Message: 'what went wrong' },
          { 'x-request-id': 'req_9' },
        );
      const error = (await errorOf(mail.servers.get(1))) as APIError;
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error).toMatchObject({ status, code: String(code), requestId: 'req_9' });
      expect(error.message).toBe(
        `${status} ${code}: what went wrong (GET ${ORIGIN}/servers/1) [request req_9]`,
      );
      expect(error.body).toEqual({ ErrorCode: code, Message: 'what went wrong' });
    },
  );

  it.each([
    [404, NotFoundError],
    [500, InternalServerError],
  ])(
    'shows no code for a %i whose ErrorCode is 0, which names no error, and keeps it in the body',
    async (status, ErrorClass) => {
      api()
        .get('/servers/1')
        .reply(status, { ErrorCode: 0, Message: 'No route for GET /servers/1' });
      const error = (await errorOf(mail.servers.get(1))) as APIError;
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error.code).toBeUndefined();
      expect(error.message).toBe(
        `${status}: No route for GET /servers/1 (GET ${ORIGIN}/servers/1)`,
      );
      expect(error.body).toEqual({ ErrorCode: 0, Message: 'No route for GET /servers/1' });
    },
  );

  it('falls back to the status text when the body is not the interface error body', async () => {
    api().get('/servers/1').reply(502, 'Bad gateway');
    const error = (await errorOf(mail.servers.get(1))) as APIError;
    expect(error).toMatchObject({ status: 502, code: undefined });
  });

  it('never puts the account token in an error', async () => {
    api().get('/servers/1').reply(401, { ErrorCode: 10, Message: 'Bad or missing token' });
    const error = (await errorOf(mail.servers.get(1))) as APIError;
    expect(`${error.message} ${error.url} ${JSON.stringify(error)}`).not.toContain(TOKEN);
  });
});

describe('checks before sending', () => {
  it('refuses a colour that is not one of the eight', async () => {
    await refused({ Color: 'Pink' }, [
      'Color must be one of "Purple", "Blue", "Turquoise", "Green", "Red", "Yellow", "Grey", "Orange"',
    ]);
    await refused({ Color: 'purple' }, [
      'Color must be one of "Purple", "Blue", "Turquoise", "Green", "Red", "Yellow", "Grey", "Orange"',
    ]);
  });

  it('refuses spam thresholds outside 0 to 30 or off the steps of 5', async () => {
    await refused({ InboundSpamThreshold: 7 }, ['InboundSpamThreshold must be a multiple of 5']);
    await refused({ InboundSpamThreshold: 35 }, ['InboundSpamThreshold must be at most 30']);
    await refused({ InboundSpamThreshold: -5 }, ['InboundSpamThreshold must be at least 0']);
    await refused({ InboundSpamThreshold: 2.5 }, [
      'InboundSpamThreshold must be an integer, not a fractional number',
    ]);
  });

  it('refuses hook URLs that are not http(s), on every hook field', async () => {
    const rule = 'must be an http(s) URL, or empty to remove the hook';
    for (const field of HOOK_URL_FIELDS) {
      await refused({ [field]: 'ftp://hooks.example/in' }, [`${field} ${rule}`]);
      await refused({ [field]: 'hooks.example/in' }, [`${field} ${rule}`]);
    }
  });

  it('refuses hook URLs over 2048 characters and names over 255, on every such field, before any request', async () => {
    const long = `https://hooks.example/${'p'.repeat(MAX_WEBHOOK_URL_LENGTH)}`;
    const atLimit = long.slice(0, MAX_WEBHOOK_URL_LENGTH);
    for (const field of HOOK_URL_FIELDS) {
      await refused({ [field]: long }, [`${field} must be at most 2048 characters long`]);
      api()
        .put('/servers/1', { [field]: atLimit })
        .reply(200, server);
      await mail.servers.update(1, { [field]: atLimit });
    }
    await refused({ Name: 'n'.repeat(MAX_SERVER_NAME_LENGTH + 1) }, [
      'Name must be at most 255 characters long',
    ]);
  });

  it('refuses an empty change set', async () => {
    await refused({}, [
      'must change at least one server setting, such as Name, Color or InboundHookUrl',
    ]);
    await refused({ Name: undefined }, [
      'must change at least one server setting, such as Name, Color or InboundHookUrl',
    ]);
  });

  it('refuses more than one inbound domain, and anything that is not a domain name', async () => {
    const rule =
      'must be one domain name such as inbound.example.com (an inbound stream has exactly one domain), or empty for the default domain';
    await refused({ InboundDomain: ['a.example', 'b.example'] }, [
      'InboundDomain must be a string, not an array',
    ]);
    await refused({ InboundDomain: 'a.example b.example' }, [`InboundDomain ${rule}`]);
    await refused({ InboundDomain: 'localhost' }, [`InboundDomain ${rule}`]);
  });

  it('refuses read-only and unknown fields, an empty name and wrong types', async () => {
    await refused({ InboundHash: 'x' }, ['has unknown field InboundHash']);
    await refused({ Name: '' }, ['Name must not be empty']);
    await refused({ TrackOpens: 'yes' }, ['TrackOpens must be a boolean, not a string']);
    await refused({ TrackLinks: 'Always' }, [
      'TrackLinks must be one of "None", "HtmlAndText", "HtmlOnly", "TextOnly"',
    ]);
  });

  it('refuses a server id that is not a whole number from 1, on get and update, before any request', async () => {
    const cases: [unknown, string][] = [
      [0, 'serverId must be at least 1'],
      [-1, 'serverId must be at least 1'],
      [1.5, 'serverId must be an integer, not a fractional number'],
      ['1', 'serverId must be a number, not a string'],
      ['a/b', 'serverId must be a number, not a string'],
      ['', 'serverId must be a number, not a string'],
    ];
    for (const [serverId, rule] of cases) {
      for (const call of [
        mail.servers.get(serverId as number),
        mail.servers.update(serverId as number, { Name: 'Acme' }),
      ]) {
        const error = await errorOf(call);
        expect(error).toBeInstanceOf(RequestValidationError);
        expect((error as Error).message).toMatch(
          new RegExp(`^Invalid arguments of mail\\.servers\\.(get|update): ${rule}$`),
        );
      }
    }
  });

  it('needs an account token', () => {
    expect(() => new MailClient({ baseUrl: ORIGIN } as never)).toThrow(RequestValidationError);
    expect(() => new MailClient({ baseUrl: ORIGIN, accountToken: '' })).toThrow(
      'accountToken must be a non-empty string or a function that returns one',
    );
  });
});
