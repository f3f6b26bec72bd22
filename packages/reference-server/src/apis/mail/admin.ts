import { Hono } from 'hono';
import type { InboundPipeline } from './inbound';
import { InboundRefused } from './inbound';
import { presentRecord } from './present';
import type { MailStore } from './store';

/**
 * Test control under `/__admin/mail`: feed a raw message into the inbound pipeline (as if it had
 * arrived over SMTP), and look at messages and their delivery attempts.
 */
export function mailAdminRoutes(
  store: MailStore,
  pipeline: InboundPipeline,
  smtpPort: () => number | undefined,
  maxMessageBytes: number,
): Hono {
  const admin = new Hono();

  admin.post('/inbound', async (c) => {
    const raw = Buffer.from(await c.req.arrayBuffer());
    if (raw.length === 0) return c.json({ error: 'the body must be a raw RFC 5322 message' }, 400);
    // The same limit as over SMTP, so that this route cannot feed in what the listener refuses.
    if (raw.length > maxMessageBytes) {
      return c.json({ error: `the message is larger than ${maxMessageBytes} bytes` }, 413);
    }
    const to = c.req.queries('to');
    try {
      const { records, firstAttempts } = await pipeline.receive(raw, to);
      await firstAttempts;
      return c.json({ messages: records.map(presentRecord) }, 201);
    } catch (error) {
      if (error instanceof InboundRefused) return c.json({ error: error.message }, 422);
      throw error;
    }
  });

  admin.get('/messages', (c) => {
    const serverId = c.req.query('serverId');
    const status = c.req.query('status');
    const messages = store
      .messages()
      .filter((record) => serverId === undefined || String(record.serverId) === serverId)
      .filter((record) => status === undefined || record.status === status);
    return c.json({ messages: messages.map(presentRecord) });
  });

  admin.get('/messages/:messageId', (c) => {
    const record = store.message(c.req.param('messageId'));
    if (!record) return c.json({ error: `no inbound message ${c.req.param('messageId')}` }, 404);
    return c.json(presentRecord(record));
  });

  admin.get('/smtp', (c) => c.json({ host: '127.0.0.1', port: smtpPort() ?? null }));

  return admin;
}
