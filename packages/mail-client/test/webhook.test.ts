import { describe, expect, it, vi } from 'vitest';
import { readBasicCredentials } from '../src/basic-credentials';
import {
  constantTimeEqual,
  createInboundWebhookHandler,
  type InboundMessage,
  MalformedInboundMessageError,
  parseInboundMessage,
  RejectMessage,
} from '../src/webhook';
import { sampleMessage } from './support/records';

const USER = 'inbound';
const PASSWORD = 'correct horse:battery/staple';

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

function post(
  body: unknown,
  authorization: string | null = basic(USER, PASSWORD),
  method = 'POST',
) {
  return new Request('http://receiver.test/inbound', {
    method,
    headers: {
      'content-type': 'application/json',
      ...(authorization === null ? {} : { authorization }),
    },
    body: method === 'GET' ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function handler(onMessage: (message: InboundMessage) => unknown = () => undefined) {
  return createInboundWebhookHandler({ username: USER, password: PASSWORD, onMessage });
}

function malformed(payload: unknown): MalformedInboundMessageError {
  try {
    parseInboundMessage(payload);
  } catch (error) {
    expect(error).toBeInstanceOf(MalformedInboundMessageError);
    return error as MalformedInboundMessageError;
  }
  throw new Error('expected parseInboundMessage to throw');
}

describe('parseInboundMessage', () => {
  it('returns a well-formed payload typed, from the object or from the body text', () => {
    const message = sampleMessage();
    expect(parseInboundMessage(message)).toEqual(message);
    expect(parseInboundMessage(JSON.stringify(message))).toEqual(message);
  });

  it('lets fields it does not know pass through', () => {
    expect(parseInboundMessage({ ...sampleMessage(), SpamScore: 1 })).toMatchObject({
      SpamScore: 1,
    });
  });

  it('accepts RawEmail when present and its absence', () => {
    expect(parseInboundMessage(sampleMessage({ RawEmail: 'From: a\r\n\r\nx' })).RawEmail).toBe(
      'From: a\r\n\r\nx',
    );
    expect(parseInboundMessage(sampleMessage())).not.toHaveProperty('RawEmail');
  });

  it('refuses a payload with a missing field, naming it', () => {
    const { Subject: _, ...withoutSubject } = sampleMessage();
    expect(malformed(withoutSubject).message).toBe(
      'Malformed inbound message: Subject is required',
    );
  });

  it('names nested fields: recipients, headers and attachments', () => {
    const payload = sampleMessage() as unknown as Record<string, unknown>;
    const error = malformed({
      ...payload,
      FromFull: { Email: 'a@b.c', Name: 'A' },
      ToFull: [{ Email: 1, Name: '', MailboxHash: '' }],
      Headers: [{ Name: 'X' }],
      Attachments: [
        { Name: 'a', Content: 'not base64!', ContentType: 't', ContentLength: 1, ContentID: '' },
      ],
    });
    expect(error.issues).toEqual([
      { path: 'FromFull.MailboxHash', message: 'is required' },
      { path: 'ToFull[0].Email', message: 'must be a string, not a number' },
      { path: 'Headers[0].Value', message: 'is required' },
      { path: 'Attachments[0].Content', message: 'must be base64' },
    ]);
  });

  it('refuses an attachment whose ContentLength is not the size of its decoded Content', () => {
    const error = malformed(
      sampleMessage({
        Attachments: [
          { Name: 'a', Content: 'aGVsbG8=', ContentType: 't', ContentLength: 6, ContentID: '' },
        ],
      }),
    );
    expect(error.message).toBe(
      'Malformed inbound message: Attachments[0].ContentLength must be the number of bytes Content decodes to',
    );
  });

  it('refuses a MessageStream other than inbound, an empty MessageID, and null for an empty list', () => {
    expect(malformed({ ...sampleMessage(), MessageStream: 'outbound' }).issues).toEqual([
      { path: 'MessageStream', message: 'must be "inbound"' },
    ]);
    expect(malformed(sampleMessage({ MessageID: '' })).issues[0]!.path).toBe('MessageID');
    expect(malformed({ ...sampleMessage(), CcFull: null }).issues).toEqual([
      { path: 'CcFull', message: 'must be an array, not null' },
    ]);
  });

  it('refuses text that is not JSON, and JSON that is not an object', () => {
    expect(malformed('{"From":').message).toBe(
      'Malformed inbound message: (payload) is not valid JSON',
    );
    expect(malformed([]).message).toBe(
      'Malformed inbound message: (payload) must be an object, not an array',
    );
  });
});

describe('constantTimeEqual', () => {
  it('is true for equal bytes and false wherever they differ, first byte or last', () => {
    const a = new Uint8Array([1, 2, 3, 4]);
    expect(constantTimeEqual(a, new Uint8Array([1, 2, 3, 4]))).toBe(true);
    expect(constantTimeEqual(a, new Uint8Array([9, 2, 3, 4]))).toBe(false);
    expect(constantTimeEqual(a, new Uint8Array([1, 2, 3, 9]))).toBe(false);
    expect(constantTimeEqual(a, new Uint8Array([1, 2, 3]))).toBe(false);
  });

  it('reads every byte of both arrays even when the first bytes already differ', () => {
    const reads: number[] = [];
    const watched = (bytes: number[]) =>
      new Proxy(new Uint8Array(bytes), {
        get(target, key) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads.push(Number(key));
          const value = Reflect.get(target, key);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    constantTimeEqual(watched([0, 0, 0, 0, 0, 0, 0, 0]), watched([255, 0, 0, 0, 0, 0, 0, 0]));
    expect(reads.sort()).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]);
  });
});

describe('readBasicCredentials', () => {
  it('splits the user name from the password at the first colon, as UTF-8', () => {
    expect(readBasicCredentials(basic('ü', 'a:b'))).toEqual({ username: 'ü', password: 'a:b' });
    expect(readBasicCredentials(`basic   ${btoa('x:')}`)).toEqual({ username: 'x', password: '' });
  });

  it('reads nothing from other schemes, malformed base64 or a value without a colon', () => {
    for (const header of [
      null,
      '',
      'Bearer abc',
      'Basic !!!',
      `Basic ${btoa('nocolon')}`,
      'Basic /w==',
    ]) {
      expect(readBasicCredentials(header)).toBeUndefined();
    }
  });
});

describe('createInboundWebhookHandler', () => {
  it('answers 200 once onMessage has resolved, with the parsed message', async () => {
    const seen: InboundMessage[] = [];
    let stored = false;
    const handle = handler(async (message) => {
      seen.push(message);
      await new Promise((resolve) => setTimeout(resolve, 5));
      stored = true;
    });
    const response = await handle(post(sampleMessage()));
    expect(response.status).toBe(200);
    expect(stored).toBe(true);
    expect(seen).toEqual([sampleMessage()]);
  });

  it('answers 200 only to the right user name and password', async () => {
    expect((await handler()(post(sampleMessage()))).status).toBe(200);
  });

  it.each([
    ['a wrong password', basic(USER, 'correct horse:battery/stapl')],
    ['a wrong user name', basic('Inbound', PASSWORD)],
    ['the password with a suffix', basic(USER, `${PASSWORD}x`)],
    ['an empty password', basic(USER, '')],
    ['no credentials', null],
    ['another scheme', 'Bearer abc'],
  ])(
    'answers 401 with WWW-Authenticate to %s, without calling onMessage',
    async (_, authorization) => {
      const onMessage = vi.fn();
      const response = await handler(onMessage)(post(sampleMessage(), authorization));
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(
        'Basic realm="inbound mail", charset="UTF-8"',
      );
      expect(onMessage).not.toHaveBeenCalled();
    },
  );

  it('checks credentials before reading the payload: a malformed body without them is 401', async () => {
    expect((await handler()(post('{not json', null))).status).toBe(401);
  });

  it('answers 400 naming the field to a malformed payload, without calling onMessage', async () => {
    const onMessage = vi.fn();
    const { MessageID: _, ...payload } = sampleMessage();
    const response = await handler(onMessage)(post(payload));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Malformed inbound message: MessageID is required',
    });
    expect((await handler(onMessage)(post('{oops'))).status).toBe(400);
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('answers 403 when onMessage throws RejectMessage, so the sender stops', async () => {
    const response = await handler(() => {
      throw new RejectMessage('unknown sender');
    })(post(sampleMessage()));
    expect(response.status).toBe(403);
  });

  it('answers 500 when onMessage fails otherwise, so the sender retries, without revealing the error', async () => {
    const response = await handler(async () => {
      throw new Error('database password is swordfish');
    })(post(sampleMessage()));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('swordfish');
  });

  it('answers 405 to anything but POST', async () => {
    const response = await handler()(post(undefined, basic(USER, PASSWORD), 'GET'));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('needs onMessage, and a user name without a colon and a password', () => {
    expect(() =>
      createInboundWebhookHandler({ username: USER, password: PASSWORD } as never),
    ).toThrow('onMessage must be a function');
    expect(() =>
      createInboundWebhookHandler({ username: USER, onMessage: () => undefined } as never),
    ).toThrow('username and password must be strings');
    expect(() =>
      createInboundWebhookHandler({ username: 'a:b', password: 'p', onMessage: () => undefined }),
    ).toThrow('username cannot contain a colon');
  });
});
