/**
 * Metering's Idempotency-Keys: every POST carries one, the same on every attempt, so that a batch
 * retried after a failure the service may have processed is counted once.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  mockSessions,
  ORIGIN,
  SESSION_PATH,
  STREAM_PATH,
  sessionBody,
  unitClient,
  usage,
  useNock,
} from './support/unit';

useNock();

const busy = { error: { type: 'api_error', message: 'busy' } };

describe('Idempotency-Key on every metering POST', () => {
  it('sends one key for all the attempts of a batch, and a key of its own for the session', async () => {
    const sessionKeys: unknown[] = [];
    const streamKeys: unknown[] = [];
    nock(ORIGIN)
      .post(SESSION_PATH)
      .reply(function () {
        sessionKeys.push(this.req.headers['idempotency-key']);
        return [200, sessionBody()];
      });
    nock(ORIGIN)
      .post(STREAM_PATH)
      .times(3)
      .reply(function () {
        streamKeys.push(this.req.headers['idempotency-key']);
        return streamKeys.length < 3 ? [503, busy, { 'retry-after': '0' }] : [200, {}];
      });
    await unitClient().events.send(usage(2));
    expect(new Set(streamKeys).size).toBe(1);
    expect(streamKeys).toHaveLength(3);
    expect(sessionKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionKeys[0]).not.toBe(streamKeys[0]);
  });

  it('sends the caller’s idempotencyKey when one is given', async () => {
    mockSessions(1);
    nock(ORIGIN, { reqheaders: { 'idempotency-key': 'batch-7' } })
      .post(STREAM_PATH)
      .reply(200, {});
    await unitClient().events.send(usage(1), { idempotencyKey: 'batch-7' });
  });
});
