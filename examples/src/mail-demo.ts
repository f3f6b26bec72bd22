import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inboundAddress, MailClient, webhookUrl } from '@clientkit/mail-client';
import { createInboundWebhookListener, type InboundMessage } from '@clientkit/mail-client/node';
import { developmentClientOptions, type ReferenceServer } from '@clientkit/reference-server';

/** A customer's reply to a support ticket, as their mail program would send it. */
const customerReply = (to: string) =>
  [
    'From: "Grace Hopper" <grace@example.com>',
    `To: "Acme Support" <${to}>`,
    'Subject: Re: [Ticket 1042] Printer offline',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Restarting it fixed it, thanks! Log attached.',
    '',
    'On Mon, 1 Jun 2026, Acme Support wrote:',
    '> Could you restart the printer?',
    '--b1',
    'Content-Type: text/plain; name="printer.log"',
    'Content-Disposition: attachment; filename="printer.log"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('09:12 paper jam cleared\n09:13 online\n').toString('base64'),
    '--b1--',
    '',
  ].join('\r\n');

/** A help desk routes customer replies into its app: a webhook receiver, the hook URL, one reply. */
export async function mailDemo(
  server: ReferenceServer,
  url: string,
  log: (line: string) => void,
): Promise<void> {
  const mail = new MailClient(developmentClientOptions(url).mail);
  const credentials = { username: 'helpdesk', password: 'p@ss:word/42' };

  let deliver: (message: InboundMessage) => void = () => undefined;
  const delivered = new Promise<InboundMessage>((resolve) => (deliver = resolve));
  const receiver = createServer(
    createInboundWebhookListener({ ...credentials, onMessage: deliver }),
  );
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;

  try {
    const helpdesk = await mail.servers.update(1, {
      InboundHookUrl: webhookUrl(`http://127.0.0.1:${port}/inbound`, credentials),
      InboundSpamThreshold: 10,
    });
    log(
      `Server "${helpdesk.Name}" posts inbound mail to ${helpdesk.InboundHookUrl}: the service shows a hook URL without its password, which stays a secret between it and the receiver`,
    );
    const replyTo = inboundAddress(helpdesk, { mailboxHash: 'ticket-1042' });
    log(`Ticket 1042 asks customers to reply to ${replyTo}`);

    await server.mail.receive(customerReply(replyTo));
    const message = await delivered;
    log(
      `Webhook received "${message.Subject}" from ${message.FromName} for ${message.MailboxHash}`,
    );
    log(`New text in the reply: "${message.StrippedTextReply}"`);
    for (const file of message.Attachments) {
      log(`Attachment ${file.Name} (${file.ContentType}, ${file.ContentLength} bytes)`);
    }
    const [record] = server.mail.messages({ serverId: helpdesk.ID });
    log(
      `Delivery ${record?.status} after ${record?.attempts.length} attempt; dedupe key ${message.MessageID}`,
    );
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
}
