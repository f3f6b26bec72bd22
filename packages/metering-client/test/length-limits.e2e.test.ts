import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../src/index';
import { MAX_PAYLOAD_KEY_LENGTH, MAX_PAYLOAD_VALUE_LENGTH } from '../src/schemas';
import { useMeteringServer } from './support/e2e';

const h = useMeteringServer();

const longValue = {
  event_name: 'api_call',
  payload: { value: 'v'.repeat(MAX_PAYLOAD_VALUE_LENGTH + 1) },
};
const longKey = {
  event_name: 'api_call',
  payload: { ['k'.repeat(MAX_PAYLOAD_KEY_LENGTH + 1)]: '1' },
};

describe('metering length limits, end to end', () => {
  it("the server refuses a payload value over 5000 characters with the interface's 400 naming the field", async () => {
    const { authentication_token } = await h.session();
    const response = await h.raw('meter_event_stream', {
      token: authentication_token,
      body: { events: [longValue] },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'parameter_invalid',
        message: 'Invalid body: events[0].payload.value must be at most 5000 characters long',
      },
    });
    expect(await h.countedTotal()).toBe(0);
  });

  it('the server refuses a payload key over 100 characters with 400 naming it', async () => {
    const { authentication_token } = await h.session();
    const response = await h.raw('meter_event_stream', {
      token: authentication_token,
      body: { events: [longKey] },
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string } };
    expect(error.message).toContain(`events[0].payload.${'k'.repeat(MAX_PAYLOAD_KEY_LENGTH + 1)}`);
  });

  it('the client refuses both before sending, and sends values at the limits, which are counted', async () => {
    const client = h.client();
    for (const event of [longValue, longKey]) {
      await expect(client.events.send([event])).rejects.toBeInstanceOf(RequestValidationError);
    }
    const payload = { ['k'.repeat(MAX_PAYLOAD_KEY_LENGTH)]: 'v'.repeat(MAX_PAYLOAD_VALUE_LENGTH) };
    await client.events.send([{ event_name: 'api_call', identifier: 'at-limit', payload }]);
    expect(await h.countedTotal()).toBe(1);
    expect(h.server.metering.lookup('at-limit')?.payload).toEqual(payload);
  });
});
