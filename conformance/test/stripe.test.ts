import { MeterEventSession, SESSION_EXPIRED_CODE } from '@clientkit/metering-client/schemas';
import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { stripeClient } from '../src/shims';
import { rejectionOf, useReferenceServer } from './reference-server';

const TEST_KEY = 'sk_test_clientkit_dev_key';
const LIVE_KEY = 'sk_live_clientkit_dev_key';
const START = Date.parse('2026-06-01T08:00:00.000Z');

const ref = useReferenceServer('metering', { clock: { start: START, frozen: true } });

beforeEach(async () => {
  ref.server.reset();
  await ref.server.clock.set(START);
});

const usage = (value: string, identifier?: string) => ({
  event_name: 'api_call',
  payload: { stripe_customer_id: 'cus_acme', value },
  ...(identifier === undefined ? {} : { identifier }),
});

async function session(key = TEST_KEY) {
  return stripeClient(ref.origin, key).v2.billing.meterEventSession.create();
}

async function counted(): Promise<number> {
  await ref.server.clock.settle();
  return ref.server.metering.counted().total;
}

describe('stripe: v2.billing.meterEventSession.create', () => {
  it('creates a session whose answer matches the spec: object, token, created + 15 minutes, livemode', async () => {
    const created = await session();
    expect(MeterEventSession.safeParse(created).success).toBe(true);
    expect(created).toMatchObject({
      object: 'v2.billing.meter_event_session',
      created: '2026-06-01T08:00:00.000Z',
      expires_at: '2026-06-01T08:15:00.000Z',
      livemode: false,
    });
    expect((await session(LIVE_KEY)).livemode).toBe(true);
  });

  it("sends its apiVersion as Service-Version: the SDK's own release is accepted, a malformed one refused", async () => {
    const own = stripeClient(ref.origin, TEST_KEY);
    expect(own.getApiField('version')).toMatch(/^\d{4}-\d{2}-\d{2}\.[a-z]+$/);
    await own.v2.billing.meterEventSession.create();
    const malformed = stripeClient(ref.origin, TEST_KEY, { apiVersion: 'next-tuesday' });
    const error = await rejectionOf(malformed.v2.billing.meterEventSession.create());
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, code: 'service_version_invalid' });
  });

  it('surfaces a key the server does not know as StripeAuthenticationError with a code', async () => {
    const error = await rejectionOf(session('sk_test_not_a_known_key'));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, code: 'api_key_invalid' });
  });
});

describe('stripe: v2.billing.meterEventStream.create with the session token as the key', () => {
  it('sends events that the server counts once validated', async () => {
    const { authentication_token: token } = await session();
    const stream = stripeClient(ref.origin, token);
    await stream.v2.billing.meterEventStream.create({
      events: [usage('1', 'evt-a'), usage('2', 'evt-b')],
    });
    await stream.v2.billing.meterEventStream.create({ events: [usage('3')] });
    expect(await counted()).toBe(3);
    expect(ref.server.metering.lookup('evt-b')?.payload).toEqual({
      stripe_customer_id: 'cus_acme',
      value: '2',
    });
  });

  it('gets TemporarySessionExpiredError once the session is 15 minutes old on the server clock', async () => {
    const { authentication_token: token } = await session();
    await ref.server.clock.advance('15m');
    const error = await rejectionOf(
      stripeClient(ref.origin, token).v2.billing.meterEventStream.create({ events: [usage('1')] }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.TemporarySessionExpiredError);
    expect(error).toMatchObject({ statusCode: 401, code: SESSION_EXPIRED_CODE });
  });

  it('surfaces a malformed batch as StripeInvalidRequestError with a code', async () => {
    const { authentication_token: token } = await session();
    const error = await rejectionOf(
      stripeClient(ref.origin, token).v2.billing.meterEventStream.create({ events: [] }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, code: 'parameter_invalid' });
  });
});

describe('stripe: Idempotency-Key, which the SDK sends on every v2 POST', () => {
  it('replays the first answer to a repeated key with the same body: the same session, created once', async () => {
    const stripe = stripeClient(ref.origin, TEST_KEY);
    const first = await stripe.v2.billing.meterEventSession.create({}, { idempotencyKey: 'k-1' });
    const again = await stripe.v2.billing.meterEventSession.create({}, { idempotencyKey: 'k-1' });
    expect(again.id).toBe(first.id);
    expect(ref.server.metering.sessions().created).toBe(1);
  });

  it('counts a batch once when it is sent again with the same key', async () => {
    const { authentication_token: token } = await session();
    const stream = stripeClient(ref.origin, token).v2.billing.meterEventStream;
    const batch = { events: [usage('5')] };
    await stream.create(batch, { idempotencyKey: 'batch-1' });
    await stream.create(batch, { idempotencyKey: 'batch-1' });
    expect(await counted()).toBe(1);
  });

  it('refuses the same key with another body as StripeIdempotencyError', async () => {
    const { authentication_token: token } = await session();
    const stream = stripeClient(ref.origin, token).v2.billing.meterEventStream;
    await stream.create({ events: [usage('5')] }, { idempotencyKey: 'batch-2' });
    const error = await rejectionOf(
      stream.create({ events: [usage('6')] }, { idempotencyKey: 'batch-2' }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, code: 'idempotency_key_reused' });
  });

  it('retries a POST answered 503 (the SDK retries v2 POSTs because it sends a key) and the batch counts once', async () => {
    const { authentication_token: token } = await session();
    ref.server.faults.add({ path: '/v2/billing/meter_event_stream', status: 503 });
    const stream = stripeClient(ref.origin, token, { maxNetworkRetries: 2 });
    await stream.v2.billing.meterEventStream.create({ events: [usage('7')] });
    expect(await counted()).toBe(1);
  });
});
