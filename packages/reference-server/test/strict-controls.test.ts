import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createClock,
  createReferenceServer,
  type ReferenceServer,
  type ReferenceServerOptions,
} from '../src/index';

const ORIGIN = 'http://reference.test';

/** The error `createReferenceServer` rejects with for these options (undefined when it starts). */
async function refusal(options: Record<string, unknown>): Promise<Error | undefined> {
  try {
    const server = await createReferenceServer(options as ReferenceServerOptions);
    await server.close();
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

describe('createReferenceServer refuses option names it does not know', () => {
  it('throws naming a misspelt clock option and listing the known options once', async () => {
    const error = await refusal({ clok: { frozen: true } });
    expect(error).toBeInstanceOf(TypeError);
    expect(error?.message).toContain('"clok"');
    expect(error?.message.match(/known options:/g)).toHaveLength(1);
    for (const known of ['seed', 'clock', 'tenant', 'admin', 'faults', 'metering', 'idm']) {
      expect(error?.message).toContain(known);
    }
  });

  it('names every unknown option of one call', async () => {
    const error = await refusal({ clok: {}, admn: true, admin: true });
    expect(error?.message).toMatch(/unknown options "clok", "admn"/);
  });

  it.each([
    ['clock', { clock: { frozn: true } }, '"frozn"'],
    ['calendar', { calendar: { profesional: true } }, '"profesional"'],
    ['metering', { metering: { idempotencyKeyLimt: 5 } }, '"idempotencyKeyLimt"'],
    ['metering.rateLimit', { metering: { rateLimit: { request: 1, perMs: 10 } } }, '"request"'],
    ['mail', { mail: { smtpport: 0 } }, '"smtpport"'],
    ['idm', { idm: { tokenLifeTime: '1h' } }, '"tokenLifeTime"'],
    ['idm.rateLimit', { idm: { rateLimit: { enforced: true } } }, '"enforced"'],
    [
      'idm.machineClients[0]',
      { idm: { machineClients: [{ clientID: 'a', clientSecret: 'b', scopes: [] }] } },
      '"clientID"',
    ],
  ])(
    'refuses an unknown name inside the %s options, naming it and where it is',
    async (where, options, name) => {
      const error = await refusal(options);
      expect(error).toBeInstanceOf(TypeError);
      expect(error?.message.startsWith(`${where}: unknown option ${name}`)).toBe(true);
    },
  );

  it('refuses seed data for an interface that does not exist', async () => {
    const error = await refusal({ seed: { docz: {} } });
    expect(error?.message).toMatch(/^seed: unknown interface "docz" \(known interfaces: docs,/);
  });

  it('refuses a group of options that is not an object', async () => {
    expect((await refusal({ calendar: 'professional' }))?.message).toBe(
      'calendar must be an object',
    );
  });

  it('takes every known option, and a clock of its own whatever it carries', async () => {
    const clock = Object.assign(createClock({ frozen: true }), { label: 'shared' });
    const server = await createReferenceServer({
      clock,
      seed: { metering: { apiKeys: ['sk_test_strict_controls'] } },
      tenant: 'private',
      admin: false,
      faults: [{ path: '/v1/', status: 503 }],
      logError: () => {},
      onExchange: () => {},
      calendar: { professional: true, timezone: 'UTC' },
      metering: { rateLimit: { requests: 5, perMs: 1000 }, idempotencyKeyLimit: 10 },
      mail: { accountToken: 'token', inboundDomain: 'in.test', deliveryTimeoutMs: 100 },
      idm: { tokenLifetime: '1h', rateLimit: { limit: 5, window: '1m', enforce: false } },
    });
    expect(server.faults.list()).toHaveLength(1);
    await server.close();
  });
});

describe('faults.add refuses field names it does not know', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await createReferenceServer({ clock: { frozen: true } });
  });
  afterAll(() => server.close());

  it('throws naming "statuss" and adds nothing', () => {
    expect(() => server.faults.add({ statuss: 503 } as never)).toThrow(
      /^faults\.add: unknown field "statuss" \(known fields: method, path, status,/,
    );
    expect(server.faults.list()).toEqual([]);
  });

  it('throws naming "cnt" even when the rest of the fault is valid', () => {
    expect(() => server.faults.add({ status: 503, cnt: 5 } as never)).toThrow(
      'faults.add: unknown field "cnt"',
    );
    expect(server.faults.list()).toEqual([]);
  });

  it('refuses faults given as a createReferenceServer option the same way', async () => {
    const error = await refusal({ faults: [{ path: '/v1/', statuss: 503 }] });
    expect(error?.message).toContain('unknown field "statuss"');
  });
});

describe('the /__admin routes refuse unknown fields with a 400 naming them', () => {
  let server: ReferenceServer;
  type Document = {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
  };

  beforeAll(async () => {
    server = await createReferenceServer({ admin: true, clock: { frozen: true } });
  });
  beforeEach(() => server.reset());
  afterAll(() => server.close());

  const admin = (method: string, path: string, body?: string) =>
    server.fetch(`${ORIGIN}/__admin${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body }),
    });
  /** Everything the admin routes can change, to compare before and after a refusal. */
  const everything = async () => ({
    state: await (await admin('GET', '/state')).json(),
    faults: server.faults.list(),
    clock: server.clock.now(),
  });

  it('refuses an unknown field in the body of every admin route that takes a JSON body, changing nothing', async () => {
    const document = (await (await admin('GET', '/openapi.json')).json()) as Document;
    const withJsonBodies = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.requestBody?.content['application/json'])
        .map(([method]) => [method.toUpperCase(), path.replace('{interface}', 'docs')] as const),
    );
    expect(withJsonBodies.length).toBeGreaterThanOrEqual(10);
    for (const [method, path] of withJsonBodies) {
      const before = await everything();
      const response = await admin(method, path, JSON.stringify({ zzUnknownField: 1 }));
      const body = (await response.json()) as { error: string };
      expect([method, path, response.status]).toEqual([method, path, 400]);
      expect([method, path, body.error]).toEqual([
        method,
        path,
        expect.stringContaining('zzUnknownField'),
      ]);
      expect(await everything()).toEqual(before);
    }
  });

  it('refuses POST /__admin/faults with "statuss", naming it, and adds no fault', async () => {
    const response = await admin('POST', '/faults', JSON.stringify({ statuss: 503 }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Invalid body: has unknown field statuss',
    });
    expect(server.faults.list()).toEqual([]);
  });

  it('refuses an unknown field nested in a fault, such as a header given as a list', async () => {
    const response = await admin(
      'POST',
      '/faults',
      JSON.stringify({ status: 503, headers: [['retry-after', '1']] }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain('headers');
  });

  it('refuses a body with fields on a route that takes none, naming them, and does nothing', async () => {
    server.faults.add({ path: '/v1/', status: 503 });
    const reset = await admin('POST', '/reset', JSON.stringify({ only: 'docs' }));
    expect(reset.status).toBe(400);
    expect(await reset.json()).toEqual({
      error: 'POST /__admin/reset takes no body: unknown field only',
    });
    const cleared = await admin('DELETE', '/faults', JSON.stringify({ id: 1 }));
    expect(cleared.status).toBe(400);
    expect(server.faults.list()).toHaveLength(1);
    const notJson = await admin('DELETE', '/metering/rate-limit', 'everything');
    expect(await notJson.json()).toEqual({
      error: 'DELETE /__admin/metering/rate-limit takes no body',
    });
  });

  it('takes an empty body or {} on a route that takes none', async () => {
    server.faults.add({ path: '/v1/', status: 503 });
    expect((await admin('POST', '/reset', '{}')).status).toBe(200);
    expect(server.faults.list()).toEqual([]);
    expect((await admin('DELETE', '/faults', '')).status).toBe(204);
  });

  it('refuses an unknown query parameter where a route reads its query', async () => {
    const listed = await admin('GET', '/mail/messages?serverid=1');
    expect(listed.status).toBe(400);
    expect(((await listed.json()) as { error: string }).error).toContain('serverid');
    const before = server.mail.messages().length;
    const fed = await server.fetch(`${ORIGIN}/__admin/mail/inbound?too=x@example.org`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: 'From: a@example.org\r\nTo: b@example.org\r\nSubject: hi\r\n\r\nhello\r\n',
    });
    expect(fed.status).toBe(400);
    expect(((await fed.json()) as { error: string }).error).toContain('too');
    expect(server.mail.messages()).toHaveLength(before);
  });
});

describe('the interfaces keep their own policies for unknown request parameters', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await createReferenceServer({ clock: { frozen: true } });
  });
  afterAll(() => server.close());

  it('the calendar ignores an unknown query parameter, as WordPress does', async () => {
    const response = await server.fetch(
      `${ORIGIN}/wp-json/calendar/events/v1/events?not_a_parameter=1`,
    );
    expect(response.status).toBe(200);
  });

  it('the token endpoint ignores an unknown parameter, as OAuth asks', async () => {
    const response = await server.fetch(`${ORIGIN}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'idm_dev_full_access',
        client_secret: 'idm-dev-secret-full-access',
        audience: server.idm.audience,
        not_a_parameter: '1',
      }),
    });
    expect(response.status).toBe(200);
  });
});
