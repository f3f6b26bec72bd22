import { z } from 'zod/mini';
import { type AdminTable, adminOperation } from '../../admin/table';
import { queryOf } from '../../operations';
import { ApiProblem } from '../../problem';
import type { InboundPipeline } from './inbound';
import { InboundRefused } from './inbound';
import { MessageContentRefused } from './message-limits';
import { presentRecord } from './present';
import type { MailStore } from './store';

/** `to` may be given more than once; the handler reads every one of them. */
const InboundQuery = z.object({ to: z.optional(z.string()) });
const MessagesQuery = z.object({
  serverId: z.optional(z.string()),
  status: z.optional(z.string()),
});

/** Where the mail admin handlers reach the interface. */
export interface MailAdminDeps {
  store: MailStore;
  pipeline: InboundPipeline;
  smtpPort(): number | undefined;
  maxMessageBytes: number;
}

async function receive(deps: MailAdminDeps, raw: Buffer, to: string[] | undefined) {
  if (raw.length === 0) throw new ApiProblem(400, 'the body must be a raw RFC 5322 message');
  // The same limit as over SMTP, so that this route cannot feed in what the listener refuses.
  if (raw.length > deps.maxMessageBytes) {
    throw new ApiProblem(413, `the message is larger than ${deps.maxMessageBytes} bytes`);
  }
  try {
    const { records, firstAttempts } = await deps.pipeline.receive(raw, to);
    await firstAttempts;
    return { messages: records.map(presentRecord) };
  } catch (error) {
    if (error instanceof InboundRefused || error instanceof MessageContentRefused) {
      throw new ApiProblem(422, error.message);
    }
    throw error;
  }
}

/**
 * Test control under `/__admin/mail`: feed a raw message into the inbound pipeline (as if it had
 * arrived over SMTP), and look at messages and their delivery attempts.
 */
export function mailAdminTable(deps: MailAdminDeps): AdminTable {
  const { store } = deps;
  return {
    operations: [
      adminOperation('receiveInbound', 'POST', '/inbound', 'Feed a raw message in, as SMTP would', {
        query: InboundQuery,
        rawBody: 'message/rfc822',
        success: { 201: 'Received; first delivery attempts made' },
        errors: { 400: 'An empty body', 413: 'Larger than the SMTP limit', 422: 'Refused' },
      }),
      adminOperation('listInboundMessages', 'GET', '/messages', 'Inbound messages', {
        query: MessagesQuery,
      }),
      adminOperation('getInboundMessage', 'GET', '/messages/{messageId}', 'One inbound message', {
        errors: { 404: 'No inbound message has this id' },
      }),
      adminOperation(
        'getSmtpListener',
        'GET',
        '/smtp',
        'Where the SMTP listener is (port or null)',
      ),
    ],
    handlers: {
      receiveInbound: async (c) => {
        const raw = Buffer.from(await c.req.arrayBuffer());
        return c.json(await receive(deps, raw, c.req.queries('to')), 201);
      },
      listInboundMessages: (c, _, input) => {
        const { serverId, status } = queryOf(input, MessagesQuery);
        const messages = store
          .messages()
          .filter((record) => serverId === undefined || String(record.serverId) === serverId)
          .filter((record) => status === undefined || record.status === status);
        return c.json({ messages: messages.map(presentRecord) });
      },
      getInboundMessage: (c) => {
        const record = store.message(c.req.param('messageId')!);
        if (!record) throw new ApiProblem(404, `no inbound message ${c.req.param('messageId')}`);
        return c.json(presentRecord(record));
      },
      getSmtpListener: (c) => c.json({ host: '127.0.0.1', port: deps.smtpPort() ?? null }),
    },
  };
}
