/**
 * The rules every clientkit client follows, against the reference server: the base URL, the
 * request() escape hatch, retry options per client and per request, and strict inputs.
 */
import { describe, expect, it } from 'vitest';
import {
  InternalServerError,
  type MeterEventSession,
  MeteringClient,
  NotFoundError,
  RequestValidationError,
} from '../src/index';
import { TEST_KEY, useMeteringServer } from './support/e2e';

const h = useMeteringServer();
const SESSION = '/v2/billing/meter_event_session';
const event = { event_name: 'api_call', payload: { stripe_customer_id: 'cus_1', value: '1' } };

describe('the metering client’s conventions against the reference server', () => {
  it('takes the server’s origin as baseUrl, with or without a trailing slash', async () => {
    for (const baseUrl of [h.url, `${h.url}/`]) {
      const metering = new MeteringClient({ baseUrl, apiKey: TEST_KEY });
      await metering.events.send([event]);
    }
    expect(await h.countedTotal()).toBe(2);
  });

  it('request() reaches a route with the API key and the interface’s errors', async () => {
    const metering = h.client();
    const session = await metering.request<MeterEventSession>('POST', 'meter_event_session');
    expect(session.object).toBe('v2.billing.meter_event_session');
    const missing = await metering.request('POST', 'meter_events').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as NotFoundError).code).toBe('resource_missing');
  });

  it('request() refuses a path that leaves the base URL, and sends nothing', async () => {
    const error = await h
      .client()
      .request('GET', '../__admin/state/metering')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(h.server.metering.sessions().created).toBe(0);
  });

  it('retries as many times as the client’s retry says, and a request’s retry overrides it', async () => {
    h.server.faults.add({ method: 'POST', path: SESSION, status: 503, retryAfter: 0, count: 2 });
    const once = h.client({ retry: 1 });
    expect(await once.sessions.create().catch((e: unknown) => e)).toBeInstanceOf(
      InternalServerError,
    );
    expect(h.server.faults.list()).toEqual([]);
    h.server.faults.add({ method: 'POST', path: SESSION, status: 503, retryAfter: 0, count: 2 });
    expect((await once.sessions.create({ retry: 2 })).livemode).toBe(false);
  });

  it('refuses an unknown event field by name, and the server counts nothing', async () => {
    const error = await h
      .client()
      .events.send([{ ...event, eventName: 'x' } as never])
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain('events[0] has unknown field eventName');
    expect(h.server.metering.sessions().created).toBe(0);
    expect(await h.countedTotal()).toBe(0);
  });
});
