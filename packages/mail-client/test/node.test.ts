import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInboundWebhookListener, type InboundMessage, RejectMessage } from '../src/node';
import { listen } from './support/receivers';
import { sampleMessage } from './support/records';

const credentials = { username: 'inbound', password: 'pä55:word' };
const authorization = `Basic ${Buffer.from('inbound:pä55:word', 'utf8').toString('base64')}`;
const received: InboundMessage[] = [];
let receiver: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  receiver = await listen(
    createInboundWebhookListener({
      ...credentials,
      onMessage: (message) => {
        if (message.Subject === 'reject me') throw new RejectMessage('no thanks');
        if (message.Subject === 'fail me') throw new Error('disk full');
        received.push(message);
      },
    }),
  );
});
afterAll(() => receiver.close());

function post(body: string, headers: Record<string, string> = { authorization }) {
  return fetch(`${receiver.url}/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

describe('createInboundWebhookListener (node:http)', () => {
  it('answers 200 and hands the message to onMessage, large bodies included', async () => {
    const big = Buffer.alloc(3_000_000, 7).toString('base64');
    const message = sampleMessage({
      Attachments: [
        { Name: 'big', Content: big, ContentType: 'x/y', ContentLength: 3_000_000, ContentID: '' },
      ],
    });
    const response = await post(JSON.stringify(message));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(received.at(-1)).toEqual(message);
  });

  it('answers 401 with WWW-Authenticate to wrong or missing credentials', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Basic ${btoa('inbound:nope')}` },
    ];
    for (const headers of attempts) {
      const response = await post(JSON.stringify(sampleMessage()), headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('Basic realm=');
    }
  });

  it('answers 400 to a malformed payload, 403 to a rejected message and 500 to a failure', async () => {
    expect((await post('{"From":1}')).status).toBe(400);
    expect((await post(JSON.stringify(sampleMessage({ Subject: 'reject me' })))).status).toBe(403);
    expect((await post(JSON.stringify(sampleMessage({ Subject: 'fail me' })))).status).toBe(500);
  });

  it('answers 405 to GET', async () => {
    const response = await fetch(`${receiver.url}/inbound`, { headers: { authorization } });
    expect(response.status).toBe(405);
  });
});
