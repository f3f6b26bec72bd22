import { Server } from '@clientkit/mail-client/schemas';
import { Errors, type Models } from 'postmark';
import { beforeEach, describe, expect, it } from 'vitest';
import { postmarkAccountClient } from '../src/shims';
import { rejectionOf, useReferenceServer } from './reference-server';

const ref = useReferenceServer('mail');
const account = () => postmarkAccountClient(ref.origin, ref.server.mail.accountToken);

beforeEach(() => ref.server.reset());

/** Every field of the SDK's `Server` type, required or optional: the real record has them all. */
const sdkServerFields: (keyof Models.Server)[] = [
  'ID',
  'Name',
  'ApiTokens',
  'ServerLink',
  'Color',
  'SmtpApiActivated',
  'RawEmailEnabled',
  'DeliveryType',
  'InboundAddress',
  'InboundHookUrl',
  'BounceHookUrl',
  'OpenHookUrl',
  'DeliveryHookUrl',
  'ClickHookUrl',
  'PostFirstOpenOnly',
  'InboundDomain',
  'InboundHash',
  'InboundSpamThreshold',
  'TrackOpens',
  'TrackLinks',
  'IncludeBounceContentInHook',
  'EnableSmtpApiErrorHooks',
];

describe('postmark: AccountClient.getServer (GET /servers/{serverid})', () => {
  it('answers a record with every field of the SDK Server type, valid against our schema', async () => {
    const server = await account().getServer(1);
    expect(Object.keys(server).sort()).toEqual([...sdkServerFields].sort());
    expect(Server.safeParse(server).success).toBe(true);
    expect(server.ApiTokens).toHaveLength(1);
    expect(server).toMatchObject({ ID: 1, Name: 'Acme Support', DeliveryType: 'Live' });
  });

  it('shows a hook URL without its password, as the spec has it', async () => {
    const server = await account().getServer(2);
    expect(server.InboundHookUrl).toBe('https://globex@hooks.globex.test/mail/inbound');
  });

  it('surfaces a wrong account token as InvalidAPIKeyError with ErrorCode 10', async () => {
    const error = await rejectionOf(postmarkAccountClient(ref.origin, 'wrong').getServer(1));
    expect(error).toBeInstanceOf(Errors.InvalidAPIKeyError);
    expect(error).toMatchObject({ statusCode: 401, code: 10 });
  });

  it('surfaces an unknown server as a 404 PostmarkError with ErrorCode 601', async () => {
    const error = await rejectionOf(account().getServer(999));
    expect(error).toBeInstanceOf(Errors.PostmarkError);
    expect(error).toMatchObject({ statusCode: 404, code: 601 });
  });
});

describe('postmark: AccountClient.editServer (PUT /servers/{serverid})', () => {
  it('changes InboundHookUrl and other writable fields and answers the whole record', async () => {
    const edited = await account().editServer(1, {
      InboundHookUrl: 'https://hooks.example.test/inbound',
      Color: 'Purple',
      InboundSpamThreshold: 15,
      TrackLinks: 'HtmlOnly' as Models.LinkTrackingOptions,
    });
    expect(Object.keys(edited).sort()).toEqual([...sdkServerFields].sort());
    expect(edited).toMatchObject({
      InboundHookUrl: 'https://hooks.example.test/inbound',
      Color: 'Purple',
      InboundSpamThreshold: 15,
      TrackLinks: 'HtmlOnly',
    });
    expect(await account().getServer(1)).toEqual(edited);
  });

  it('takes hook URL credentials and keeps them out of the answer', async () => {
    const edited = await account().editServer(1, {
      InboundHookUrl: 'https://mail:s3cr3t@hooks.example.test/inbound',
    });
    expect(edited.InboundHookUrl).toBe('https://mail@hooks.example.test/inbound');
  });

  it('surfaces an invalid value as ApiInputError with the interface code (607 for Color)', async () => {
    const error = await rejectionOf(account().editServer(1, { Color: 'Magenta' }));
    expect(error).toBeInstanceOf(Errors.ApiInputError);
    expect(error).toMatchObject({ statusCode: 422, code: 607 });
  });
});

/** Every field of the SDK's `InboundWebhook` type: the JSON the service POSTs to InboundHookUrl. */
const sdkInboundFields: (keyof Models.InboundWebhook)[] = [
  'From',
  'FromName',
  'FromFull',
  'To',
  'ToFull',
  'Cc',
  'CcFull',
  'Bcc',
  'BccFull',
  'ReplyTo',
  'OriginalRecipient',
  'Subject',
  'Date',
  'MailboxHash',
  'Tag',
  'MessageID',
  'MessageStream',
  'TextBody',
  'HtmlBody',
  'StrippedTextReply',
  'Headers',
  'Attachments',
];

describe('postmark: the inbound webhook payload (Models.InboundWebhook)', () => {
  it('has every field of the SDK type, and Headers end with the four spam check headers', async () => {
    const { InboundAddress } = await account().getServer(1);
    const raw = `From: Ada <ada@example.com>\r\nTo: ${InboundAddress}\r\nSubject: Hello\r\n\r\nHi there`;
    const [record] = await ref.server.mail.receive(raw);
    const payload: Models.InboundWebhook = record!.payload;
    expect(Object.keys(payload).sort()).toEqual([...sdkInboundFields].sort());
    expect(payload.Headers.slice(-4).map((header) => header.Name)).toEqual([
      'X-Spam-Checker-Version',
      'X-Spam-Status',
      'X-Spam-Score',
      'X-Spam-Tests',
    ]);
  });
});
