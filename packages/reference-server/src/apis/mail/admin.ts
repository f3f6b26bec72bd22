import { z } from 'zod/mini';
import { type AdminTable, adminOperation } from '../../admin/table';
import { queryOf } from '../../operations';
import { ApiProblem } from '../../problem';
import type { InboundPipeline } from './inbound';
import { InboundRefused } from './inbound';
import { MessageContentRefused } from './message-limits';
import { MESSAGE_PAGE, messagePage } from './message-listing';
import { presentRecord } from './present';
import type { MailStore } from './store';

/** `to` may be given more than once; the handler reads every one of them. */
const InboundQuery = z.strictObject({ to: z.optional(z.string()) });
const MessagesQuery = z.strictObject({
  serverId: z.optional(z.string()),
  status: z.optional(z.string()),
  /** Records per page: 100 unless told, at most 1000. */
  limit: z.optional(z.int().check(z.gte(1), z.lte(MESSAGE_PAGE.maxLimit))),
  /** The messageId of the last record of the previous page (its `next`). */
  after: z.optional(z.string()),
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
      adminOperation(
        'listInboundMessages',
        'GET',
        '/messages',
        'Inbound messages and their delivery attempts, oldest first, a page at a time, without payloads',
        {
          query: MessagesQuery,
          defaults: { limit: MESSAGE_PAGE.defaultLimit },
          errors: { 400: 'A limit that is not 1 to 1000, or an `after` that names no message' },
        },
      ),
      adminOperation(
        'getInboundMessage',
        'GET',
        '/messages/{messageId}',
        'One inbound message, with the payload POSTed to the hook',
        { errors: { 404: 'No inbound message has this id' } },
      ),
      adminOperation(
        'getInboundMessageRaw',
        'GET',
        '/messages/{messageId}/raw',
        'The raw message an inbound message came from, as it was received',
        { rawResponse: 'message/rfc822', errors: { 404: 'No inbound message has this id' } },
      ),
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
      listInboundMessages: (c, _, input) =>
        c.json(messagePage(store.messages(), queryOf(input, MessagesQuery))),
      getInboundMessage: (c) => {
        const record = store.message(c.req.param('messageId')!);
        if (!record) throw new ApiProblem(404, `no inbound message ${c.req.param('messageId')}`);
        return c.json(presentRecord(record));
      },
      getInboundMessageRaw: (c) => {
        const raw = store.rawMessage(c.req.param('messageId')!);
        if (!raw) throw new ApiProblem(404, `no inbound message ${c.req.param('messageId')}`);
        // A view of the stored bytes, not a copy: the message may be as large as the size limit.
        const bytes = new Uint8Array(raw.buffer as ArrayBuffer, raw.byteOffset, raw.byteLength);
        return c.body(bytes, 200, { 'content-type': 'message/rfc822' });
      },
      getSmtpListener: (c) => c.json({ host: '127.0.0.1', port: deps.smtpPort() ?? null }),
    },
  };
}
