import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { tooLargeMessage } from '../../body-limit';
import { DEVELOPMENT_ACCOUNT_TOKEN } from '../../development-credentials';
import type { InterfaceModule, ServerContext } from '../../interface';
import { ApiProblem } from '../../problem';
import { mailAdminTable } from './admin';
import { createDelivery } from './delivery';
import { createInboundPipeline } from './inbound';
import { inboundAddressOf, presentRecord, presentServerForAdmin } from './present';
import { MAIL_OPENAPI_PATH, MailErrorCode, mailRoutes } from './routes';
import { mailSeed } from './seed';
import { type SmtpListener, startSmtpListener } from './smtp';
import { type InboundRecord, type InboundStatus, type MailSeed, MailStore } from './store';

export type { DeliveryAttempt, InboundRecord, InboundStatus, MailSeed, ServerSeed } from './store';

/** Options of the mail interface. */
export interface MailOptions {
  /** Start the SMTP listener on 127.0.0.1 at this port (0 picks a free one); without it there is none. */
  smtpPort?: number;
  /** The account token to accept in `X-Mail-Account-Token` (default `mail-dev-account-token`). */
  accountToken?: string;
  /** The inbound domain of servers that have none of their own (default `inbound.clientkit.test`). */
  inboundDomain?: string;
  /** How long a delivery attempt waits for the receiver, in real milliseconds (default 10 000). */
  deliveryTimeoutMs?: number;
  /** The largest message the SMTP listener accepts, in bytes (default 25 MiB). */
  maxMessageBytes?: number;
}

/** Programmatic control of the mail interface. */
export interface MailControl {
  /** The token `X-Mail-Account-Token` must carry. */
  readonly accountToken: string;
  /** The port of the SMTP listener, or undefined when it was not started. */
  readonly smtpPort: number | undefined;
  /**
   * Feeds a raw RFC 5322 message into the inbound pipeline, as if it had arrived over SMTP for the
   * `to` addresses (default: the inbound addresses among its To, Cc and Bcc). Resolves after the
   * first delivery attempt with one record per recipient; throws when a recipient is not an
   * inbound address.
   */
  receive(
    raw: string | Uint8Array,
    options?: { to?: string | readonly string[] },
  ): Promise<InboundRecord[]>;
  /** Inbound messages and their delivery attempts, oldest first. */
  messages(filter?: { serverId?: number; status?: InboundStatus }): InboundRecord[];
  /** One inbound message by its MessageID. */
  message(messageId: string): InboundRecord | undefined;
  /** Resolves when no delivery attempt is under way (those due later on the clock excepted). */
  whenIdle(): Promise<void>;
}

const DEFAULT_INBOUND_DOMAIN = 'inbound.clientkit.test';

/** How many inbound messages there are, in all and by status. */
function messageCounts(records: InboundRecord[]) {
  const byStatus: Partial<Record<InboundStatus, number>> = {};
  for (const record of records) byStatus[record.status] = (byStatus[record.status] ?? 0) + 1;
  return { total: records.length, byStatus };
}

/** `{ErrorCode, Message}`; problems without a code of the interface get 10 for 401 and 0 otherwise. */
function errorCodeOf(problem: ApiProblem): number {
  if (typeof problem.code === 'number') return problem.code;
  return problem.status === 401 ? MailErrorCode.badToken : 0;
}

export function createMailInterface(
  context: ServerContext,
  options: MailOptions = {},
): { module: InterfaceModule; control: MailControl } {
  const accountToken = options.accountToken ?? DEVELOPMENT_ACCOUNT_TOKEN;
  const store = new MailStore(mailSeed(), options.inboundDomain ?? DEFAULT_INBOUND_DOMAIN);
  const delivery = createDelivery({
    store,
    clock: context.clock,
    timeoutMs: options.deliveryTimeoutMs ?? 10_000,
  });
  const pipeline = createInboundPipeline(store, context.clock, delivery);
  const maxMessageBytes = options.maxMessageBytes ?? 25 * 1024 * 1024;
  let smtp: SmtpListener | undefined;

  const load = (seed: MailSeed) => {
    delivery.cancelAll();
    store.load(seed);
  };

  const control: MailControl = {
    accountToken,
    get smtpPort() {
      return smtp?.port;
    },
    async receive(raw, { to } = {}) {
      const recipients = to === undefined ? undefined : typeof to === 'string' ? [to] : to;
      const { records, firstAttempts } = await pipeline.receive(Buffer.from(raw), recipients);
      await firstAttempts;
      return records.map(presentRecord);
    },
    messages: ({ serverId, status } = {}) =>
      store
        .messages()
        .filter((record) => serverId === undefined || record.serverId === serverId)
        .filter((record) => status === undefined || record.status === status)
        .map(presentRecord),
    message(messageId) {
      const record = store.message(messageId);
      return record && presentRecord(record);
    },
    whenIdle: () => delivery.idle(),
  };

  const module: InterfaceModule = {
    name: 'mail',
    prefixes: ['/servers'],
    openapiPath: MAIL_OPENAPI_PATH,
    // Server settings only: a few short strings and flags (messages arrive over SMTP, not here).
    bodyLimit: {
      maxBytes: 64 * 1024,
      tooLarge: (maxBytes) => new ApiProblem(413, tooLargeMessage(maxBytes)),
    },
    routes: mailRoutes(store, () => accountToken),
    error: (c, problem) =>
      c.json(
        { ErrorCode: errorCodeOf(problem), Message: problem.message },
        problem.status as ContentfulStatusCode,
      ),
    reset: () => load(mailSeed()),
    seed: (data) => load(data as MailSeed),
    // The state counts the messages rather than listing them: their records are listed a page at
    // a time by GET /__admin/mail/messages, since a state that held every payload could outgrow
    // what one answer can carry.
    inspect: () => ({
      servers: store.servers().map(presentServerForAdmin),
      messages: messageCounts(store.messages()),
    }),
    credentials() {
      const lines: Record<string, string> = { 'account token': accountToken };
      for (const server of store.servers()) {
        lines[`server ${server.ID} inbound address`] = inboundAddressOf(server);
      }
      lines['SMTP inbound'] = smtp ? `127.0.0.1:${smtp.port}` : 'off';
      return lines;
    },
    admin: mailAdminTable({ store, pipeline, smtpPort: () => smtp?.port, maxMessageBytes }),
    async start() {
      if (options.smtpPort === undefined) return;
      smtp = await startSmtpListener({
        port: options.smtpPort,
        pipeline,
        maxMessageBytes,
        logError: context.logError,
      });
    },
    async close() {
      delivery.cancelAll();
      await smtp?.close();
      smtp = undefined;
    },
  };
  return { module, control };
}
