import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useFreshServer } from './support/fresh-server';

const ORIGIN = 'http://reference.test';
const KEY = 'sk_test_clientkit_dev_key';

const fresh = useFreshServer();
let token: string;

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fresh.server.fetch(`${ORIGIN}/v2/billing/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const stream = (body: unknown, headers: Record<string, string> = {}) =>
  post('meter_event_stream', body, { authorization: `Bearer ${token}`, ...headers });

beforeEach(async () => {
  const session = await post('meter_event_session', '', { authorization: `Bearer ${KEY}` });
  token = ((await session.json()) as { authentication_token: string }).authentication_token;
});

const event = (fields: Record<string, unknown> = {}) => ({
  event_name: 'api_call',
  payload: { stripe_customer_id: 'cus_1', value: '1' },
  ...fields,
});

describe('metering length limits', () => {
  const cases = [
    [
      'event_name over 100 characters',
      event({ event_name: 'e'.repeat(101) }),
      'events[0].event_name',
    ],
    [
      'identifier over 100 characters',
      event({ identifier: 'i'.repeat(101) }),
      'events[0].identifier',
    ],
    [
      'a payload value over 5000 characters',
      event({ payload: { value: 'v'.repeat(5001) } }),
      'events[0].payload.value',
    ],
    [
      'a payload key over 100 characters',
      event({ payload: { ['k'.repeat(101)]: '1' } }),
      `events[0].payload.${'k'.repeat(101)}`,
    ],
  ] as const;

  for (const [what, sent, field] of cases) {
    it(`refuses ${what} with the interface's 400 naming the field, and counts nothing`, async () => {
      const before = fresh.server.inspect('metering');
      const response = await stream({ events: [event(), sent] });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: Record<string, string> };
      expect(error.type).toBe('invalid_request_error');
      expect(error.code).toBe('parameter_invalid');
      expect(error.message).toContain(field.replace('[0]', '[1]'));
      await fresh.server.clock.settle();
      expect(fresh.server.inspect('metering')).toEqual(before);
    });
  }

  it('takes payload keys and values exactly at their limits', async () => {
    const payload = { ['k'.repeat(100)]: 'v'.repeat(5000) };
    const response = await stream({ events: [event({ payload, identifier: 'i'.repeat(100) })] });
    expect(response.status).toBe(200);
    await fresh.server.clock.settle();
    expect(fresh.server.metering.lookup('i'.repeat(100))?.payload).toEqual(payload);
  });
});

describe('a refused metering write changes nothing', () => {
  it('leaves the state as it was for every kind of refusal', async () => {
    const refusals: [string, () => Promise<Response>, number][] = [
      ['a body that is not JSON', () => stream('{"events": ['), 400],
      ['an empty batch', () => stream({ events: [] }), 400],
      ['an unknown field', () => stream({ events: [event({ extra: '1' })] }), 400],
      [
        'an unknown session token',
        () => stream({ events: [event()] }, { authorization: 'Bearer mest_x' }),
        401,
      ],
      [
        'a malformed Service-Version',
        () =>
          post('meter_event_session', '', {
            authorization: `Bearer ${KEY}`,
            'service-version': 'soon',
          }),
        400,
      ],
      [
        'an unknown API key',
        () => post('meter_event_session', '', { authorization: 'Bearer sk_test_nobody123' }),
        401,
      ],
      [
        'an Idempotency-Key that is too long',
        () => stream({ events: [event()] }, { 'idempotency-key': 'k'.repeat(256) }),
        400,
      ],
    ];
    for (const [what, send, status] of refusals) {
      const before = fresh.server.inspect('metering');
      const response = await send();
      expect([what, response.status]).toEqual([what, status]);
      await fresh.server.clock.settle();
      expect([what, fresh.server.inspect('metering')]).toEqual([what, before]);
    }
  });

  it('leaves no session behind when the answer creating it fails', async () => {
    const before = fresh.server.inspect('metering');
    const stringify = JSON.stringify;
    vi.spyOn(JSON, 'stringify').mockImplementation((value, ...rest) => {
      if ((value as { object?: unknown } | null)?.object === 'v2.billing.meter_event_session') {
        throw new RangeError('Invalid string length');
      }
      return stringify(value, ...(rest as [undefined]));
    });
    const response = await post('meter_event_session', '', { authorization: `Bearer ${KEY}` });
    expect(response.status).toBe(500);
    expect(fresh.failures).toHaveLength(1);
    vi.restoreAllMocks();
    expect(fresh.server.inspect('metering')).toEqual(before);
  });

  it('counts no event of a batch whose answer fails', async () => {
    const before = fresh.server.inspect('metering');
    const stringify = JSON.stringify;
    let failed = false;
    vi.spyOn(JSON, 'stringify').mockImplementation((value, ...rest) => {
      const empty = typeof value === 'object' && value !== null && Object.keys(value).length === 0;
      if (empty && !failed) {
        failed = true;
        throw new RangeError('Invalid string length');
      }
      return stringify(value, ...(rest as [undefined]));
    });
    const response = await stream({ events: [event({ identifier: 'unanswered' })] });
    expect(response.status).toBe(500);
    expect(failed).toBe(true);
    vi.restoreAllMocks();
    await fresh.server.clock.settle();
    expect(fresh.server.inspect('metering')).toEqual(before);
    expect(fresh.server.metering.lookup('unanswered')).toBeUndefined();
  });
});
