import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../src/index';

const ORIGIN = 'http://reference.test';
let server: ReferenceServer;

beforeAll(async () => {
  server = await createReferenceServer({ admin: true, clock: { frozen: true } });
});
afterAll(() => server.close());

/** JSON text whose one non-ASCII character has its first byte replaced by 0xff (never UTF-8). */
function brokenUtf8(value: unknown): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(Buffer.from(JSON.stringify(value)));
  const at = bytes.indexOf(0xc3);
  if (at === -1) throw new Error('the value needs a character such as é');
  bytes[at] = 0xff;
  return bytes;
}

async function send(
  method: string,
  path: string,
  body: Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
) {
  return server.fetch(`${ORIGIN}${path}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body,
  });
}

const editor = `Basic ${Buffer.from('editor:EdiT oRPa ssW0 rdCa lEnD ar01').toString('base64')}`;

describe('a JSON body that is not valid UTF-8 is refused with 400 in the interface format, nothing stored', () => {
  it.each([
    {
      name: 'docs',
      send: () =>
        send('PATCH', '/v1/spaces/space_handbook', brokenUtf8({ title: 'Café' }), {
          authorization: 'Bearer docs-dev-user-ada',
        }),
      body: { error: { code: 400, message: 'The request body is not valid UTF-8' } },
    },
    {
      name: 'calendar',
      send: () =>
        send('POST', '/wp-json/calendar/events/v1/categories', brokenUtf8({ name: 'Café' }), {
          authorization: editor,
        }),
      body: {
        code: 'rest_invalid_json',
        message: 'The request body is not valid UTF-8',
        data: { status: 400 },
      },
    },
    {
      name: 'metering',
      send: async () => {
        const session = (await (
          await server.fetch(`${ORIGIN}/v2/billing/meter_event_session`, {
            method: 'POST',
            headers: { authorization: 'Bearer sk_test_clientkit_dev_key' },
          })
        ).json()) as { authentication_token: string };
        const events = [{ event_name: 'café', payload: { stripe_customer_id: 'c' } }];
        return send('POST', '/v2/billing/meter_event_stream', brokenUtf8({ events }), {
          authorization: `Bearer ${session.authentication_token}`,
        });
      },
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'body_invalid',
          message: 'The request body is not valid UTF-8',
        },
      },
    },
    {
      name: 'mail',
      send: () =>
        send('PUT', '/servers/1', brokenUtf8({ Name: 'Café' }), {
          'x-mail-account-token': 'mail-dev-account-token',
        }),
      body: { ErrorCode: 402, Message: 'The request body is not valid UTF-8' },
    },
    {
      name: 'idm',
      send: async () =>
        send('POST', '/api/v2/clients', brokenUtf8({ name: 'Café' }), {
          authorization: `Bearer ${await server.idm.mintToken({ origin: ORIGIN })}`,
        }),
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The request body is not valid UTF-8',
        errorCode: 'invalid_body',
      },
    },
  ] as const)('$name', async (entry) => {
    const name = entry.name;
    const before = server.inspect(name);
    const response = await entry.send();
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(entry.body);
    const after = server.inspect(name) as Record<string, unknown>;
    const kept = before as Record<string, unknown>;
    if (name === 'idm') {
      // Its request log records the refusal; the clients are untouched.
      expect(after.clients).toEqual(kept.clients);
    } else if (name === 'metering') {
      // The session the test opened counts; no event does.
      await server.clock.advance('1s');
      expect([after.counted, after.pendingEvents]).toEqual([kept.counted, kept.pendingEvents]);
    } else {
      expect(after).toEqual(before);
    }
  });
});

describe('a metering body that is not UTF-8, sent with an Idempotency-Key', () => {
  it('is refused with 400 like one without a key, and nothing is counted', async () => {
    const session = (await (
      await server.fetch(`${ORIGIN}/v2/billing/meter_event_session`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_clientkit_dev_key' },
      })
    ).json()) as { authentication_token: string };
    const before = server.metering.counted().total;
    const events = [{ event_name: 'café', payload: { stripe_customer_id: 'c' } }];
    const response = await send('POST', '/v2/billing/meter_event_stream', brokenUtf8({ events }), {
      authorization: `Bearer ${session.authentication_token}`,
      'idempotency-key': 'utf8-check-1',
    });
    expect(response.status).toBe(400);
    await server.clock.advance('1s');
    expect(server.metering.counted().total).toBe(before);
  });
});

describe('a metering payload key named __proto__', () => {
  it('is refused by name with 400, and nothing is counted', async () => {
    const session = (await (
      await server.fetch(`${ORIGIN}/v2/billing/meter_event_session`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_clientkit_dev_key' },
      })
    ).json()) as { authentication_token: string };
    const before = server.metering.counted().total;
    const text =
      '{"events":[{"event_name":"api_call","payload":{"__proto__":"x","stripe_customer_id":"c"}}]}';
    const response = await send(
      'POST',
      '/v2/billing/meter_event_stream',
      new Uint8Array(Buffer.from(text)),
      {
        authorization: `Bearer ${session.authentication_token}`,
      },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toContain('events[0].payload must not have a key named __proto__');
    await server.clock.advance('1s');
    expect(server.metering.counted().total).toBe(before);
  });
});
