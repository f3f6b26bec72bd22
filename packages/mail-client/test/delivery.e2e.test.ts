import { describe, expect, it } from 'vitest';
import { ACME, useMailServer } from './support/e2e';
import { closedPort, listen, recordingReceiver } from './support/receivers';

const h = useMailServer();
const RETRY_MINUTES = [1, 5, 10, 10, 10, 15, 30, 60, 120, 360];
const message = `From: ada@example.com\r\nTo: ${ACME.hash}@${ACME.domain}\r\nSubject: hello\r\n\r\nHi!`;

async function receive() {
  const [record] = await h.server.mail.receive(message);
  return record!;
}

const minutesBetween = (times: string[]) =>
  times.slice(1).map((time, index) => (Date.parse(time) - Date.parse(times[index]!)) / 60_000);

/** Moves the clock forward by `minutes` and waits for the attempts that became due. */
async function after(minutes: number) {
  await h.server.clock.advance(minutes * 60_000);
  await h.server.clock.settle();
}

describe('delivery outcomes', () => {
  it.each([200, 201, 202, 204, 299])('counts %i as delivered after one attempt', async (status) => {
    const receiver = await recordingReceiver(() => status);
    try {
      await h.client().servers.update(ACME.id, { InboundHookUrl: receiver.url });
      const record = await receive();
      expect(record.status).toBe('delivered');
      expect(record.attempts).toEqual([
        {
          at: '2026-06-01T08:00:00.000Z',
          url: `${receiver.url}/`,
          status,
          outcome: 'delivered',
          detail: `HTTP ${status}`,
        },
      ]);
      await after(24 * 60);
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('stops at once on 403: one attempt, failed, no retry', async () => {
    const receiver = await recordingReceiver(() => 403);
    try {
      await h.client().servers.update(ACME.id, { InboundHookUrl: receiver.url });
      const { messageId } = await receive();
      await after(24 * 60);
      const record = h.server.mail.message(messageId)!;
      expect(record.status).toBe('failed');
      expect(record.attempts).toMatchObject([{ status: 403, outcome: 'refused' }]);
      expect(record.nextAttemptAt).toBeUndefined();
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('retries a 500 after 1, 5, 10, 10, 10, 15, 30, 60, 120 and 360 minutes, then marks it failed', async () => {
    const receiver = await recordingReceiver(() => 500);
    try {
      await h.client().servers.update(ACME.id, { InboundHookUrl: receiver.url });
      const { messageId } = await receive();
      for (const [index, minutes] of RETRY_MINUTES.entries()) {
        const record = h.server.mail.message(messageId)!;
        expect(record.status).toBe('scheduled');
        const due = Date.parse(record.attempts.at(-1)!.at) + minutes * 60_000;
        expect(record.nextAttemptAt).toBe(new Date(due).toISOString());
        await after(minutes - 0.5);
        expect(receiver.requests).toHaveLength(index + 1);
        await after(0.5);
        expect(receiver.requests).toHaveLength(index + 2);
      }
      const record = h.server.mail.message(messageId)!;
      expect(record.attempts).toHaveLength(11);
      expect(minutesBetween(record.attempts.map((attempt) => attempt.at))).toEqual(RETRY_MINUTES);
      expect(record.attempts.slice(0, 10).every((attempt) => attempt.outcome === 'retry')).toBe(
        true,
      );
      expect(record.attempts[10]).toMatchObject({ status: 500, outcome: 'failed' });
      expect(record.status).toBe('failed');
      expect(record.nextAttemptAt).toBeUndefined();
      await after(7 * 24 * 60);
      expect(receiver.requests).toHaveLength(11);
    } finally {
      await receiver.close();
    }
  });

  it('retries when the receiver is down, and delivers once it is back on the next attempt', async () => {
    const port = await closedPort();
    await h.client().servers.update(ACME.id, { InboundHookUrl: `http://127.0.0.1:${port}/hook` });
    const { messageId } = await receive();
    expect(h.server.mail.message(messageId)!.attempts).toMatchObject([
      { status: null, outcome: 'retry', detail: 'connection failed (ECONNREFUSED)' },
    ]);
    await after(1);
    expect(h.server.mail.message(messageId)!.attempts).toHaveLength(2);
    const receiver = await recordingReceiver(() => 200, port);
    try {
      await after(5);
      const record = h.server.mail.message(messageId)!;
      expect(record.status).toBe('delivered');
      expect(record.attempts.map((attempt) => attempt.outcome)).toEqual([
        'retry',
        'retry',
        'delivered',
      ]);
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('retries when the receiver gives no answer within the delivery timeout', async () => {
    const silent = await listen(() => undefined);
    try {
      await h.client().servers.update(ACME.id, { InboundHookUrl: silent.url });
      const record = await receive();
      expect(record.status).toBe('scheduled');
      expect(record.attempts).toMatchObject([
        { status: null, outcome: 'retry', detail: 'no answer within 1000 ms' },
      ]);
    } finally {
      await silent.close();
    }
  });

  it.each([301, 400, 404, 410, 429, 502])(
    'retries on %i (anything but 2xx and 403)',
    async (status) => {
      const receiver = await recordingReceiver(() => status);
      try {
        await h.client().servers.update(ACME.id, { InboundHookUrl: receiver.url });
        const record = await receive();
        expect(record).toMatchObject({
          status: 'scheduled',
          attempts: [{ status, outcome: 'retry' }],
        });
        await after(1);
        expect(receiver.requests).toHaveLength(2);
      } finally {
        await receiver.close();
      }
    },
  );

  it('sends the same MessageID on every attempt, so receivers can deduplicate', async () => {
    let calls = 0;
    const receiver = await recordingReceiver(() => (++calls < 3 ? 500 : 200));
    try {
      await h.client().servers.update(ACME.id, { InboundHookUrl: receiver.url });
      const { messageId } = await receive();
      await after(1);
      await after(5);
      const ids = receiver.requests.map((request) => JSON.parse(request.body).MessageID);
      expect(ids).toEqual([messageId, messageId, messageId]);
      expect(h.server.mail.message(messageId)!.status).toBe('delivered');
    } finally {
      await receiver.close();
    }
  });
});

describe('retries follow the server settings', () => {
  it('sends a retry to the InboundHookUrl of the moment, so fixing the URL rescues queued messages', async () => {
    const broken = await recordingReceiver(() => 500);
    const fixed = await recordingReceiver(() => 200);
    try {
      await h.client().servers.update(ACME.id, { InboundHookUrl: broken.url });
      const { messageId } = await receive();
      await h.client().servers.update(ACME.id, { InboundHookUrl: `${fixed.url}/v2` });
      await after(1);
      expect(h.server.mail.message(messageId)!.attempts.map((a) => [a.url, a.outcome])).toEqual([
        [`${broken.url}/`, 'retry'],
        [`${fixed.url}/v2`, 'delivered'],
      ]);
      expect([broken.requests.length, fixed.requests.length]).toEqual([1, 1]);
    } finally {
      await broken.close();
      await fixed.close();
    }
  });

  it('fails a message whose retry comes after the InboundHookUrl was removed', async () => {
    const receiver = await recordingReceiver(() => 500);
    try {
      await h.client().servers.update(ACME.id, { InboundHookUrl: receiver.url });
      const { messageId } = await receive();
      await h.client().servers.update(ACME.id, { InboundHookUrl: '' });
      await after(1);
      const record = h.server.mail.message(messageId)!;
      expect(record.status).toBe('failed');
      expect(record.attempts.at(-1)).toMatchObject({
        outcome: 'failed',
        detail: 'the server no longer has an InboundHookUrl',
      });
    } finally {
      await receiver.close();
    }
  });

  it('forgets scheduled retries on reset', async () => {
    const receiver = await recordingReceiver(() => 500);
    try {
      await h.client().servers.update(ACME.id, { InboundHookUrl: receiver.url });
      await receive();
      h.server.reset();
      await h.client().servers.update(ACME.id, { InboundHookUrl: receiver.url });
      await after(24 * 60);
      expect(receiver.requests).toHaveLength(1);
      expect(h.server.mail.messages()).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

describe('inspection of deliveries', () => {
  it('GET /__admin/mail/messages lists messages with their attempts: time, status and outcome', async () => {
    const receiver = await recordingReceiver(() => 503);
    try {
      await h.client().servers.update(ACME.id, { InboundHookUrl: receiver.url });
      const { messageId } = await receive();
      await after(1);
      const list = await (await fetch(`${h.url}/__admin/mail/messages?status=scheduled`)).json();
      expect(list).toMatchObject({
        messages: [
          {
            messageId,
            serverId: ACME.id,
            recipient: `${ACME.hash}@${ACME.domain}`,
            receivedAt: '2026-06-01T08:00:00.000Z',
            status: 'scheduled',
            nextAttemptAt: '2026-06-01T08:06:00.000Z',
            attempts: [
              { at: '2026-06-01T08:00:00.000Z', status: 503, outcome: 'retry', detail: 'HTTP 503' },
              { at: '2026-06-01T08:01:00.000Z', status: 503, outcome: 'retry', detail: 'HTTP 503' },
            ],
          },
        ],
      });
      const one = await fetch(`${h.url}/__admin/mail/messages/${messageId}`);
      expect(((await one.json()) as { payload: { Subject: string } }).payload.Subject).toBe(
        'hello',
      );
      expect((await fetch(`${h.url}/__admin/mail/messages/nope`)).status).toBe(404);
      const none = await (await fetch(`${h.url}/__admin/mail/messages?serverId=2`)).json();
      expect(none).toEqual({ messages: [] });
    } finally {
      await receiver.close();
    }
  });

  it('GET /__admin/mail/smtp tells the SMTP port', async () => {
    const smtp = await (await fetch(`${h.url}/__admin/mail/smtp`)).json();
    expect(smtp).toEqual({ host: '127.0.0.1', port: h.server.mail.smtpPort });
  });
});
