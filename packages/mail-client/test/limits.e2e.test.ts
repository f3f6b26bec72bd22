import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../src/index';
import { MAX_SERVER_NAME_LENGTH, MAX_WEBHOOK_URL_LENGTH } from '../src/schemas';
import { ACME, useMailServer } from './support/e2e';

const h = useMailServer();

const tooLongUrl = `https://hooks.example/${'p'.repeat(MAX_WEBHOOK_URL_LENGTH)}`;

async function putRaw(body: unknown) {
  const response = await h.raw('PUT', `/servers/${ACME.id}`, { body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('mail length limits, end to end', () => {
  it('the server refuses a hook URL over 2048 characters with 422 and ErrorCode 606 naming the field, storing nothing', async () => {
    const before = h.server.inspect('mail');
    expect(await putRaw({ InboundHookUrl: tooLongUrl })).toEqual({
      status: 422,
      body: {
        ErrorCode: 606,
        Message: 'Invalid body: InboundHookUrl must be at most 2048 characters long',
      },
    });
    expect(h.server.inspect('mail')).toEqual(before);
  });

  it('the server refuses a Name over 255 characters with 422 naming the field, storing nothing', async () => {
    const before = h.server.inspect('mail');
    const answer = await putRaw({ Name: 'n'.repeat(MAX_SERVER_NAME_LENGTH + 1) });
    expect(answer.status).toBe(422);
    expect(answer.body.Message).toBe('Invalid body: Name must be at most 255 characters long');
    expect(h.server.inspect('mail')).toEqual(before);
  });

  it('the client refuses the same before sending, and values at the limits are stored', async () => {
    const client = h.client();
    await expect(
      client.servers.update(ACME.id, { ClickHookUrl: tooLongUrl }),
    ).rejects.toBeInstanceOf(RequestValidationError);
    const atLimit = tooLongUrl.slice(0, MAX_WEBHOOK_URL_LENGTH);
    const name = 'n'.repeat(MAX_SERVER_NAME_LENGTH);
    const updated = await client.servers.update(ACME.id, { ClickHookUrl: atLimit, Name: name });
    expect(updated.ClickHookUrl).toBe(atLimit);
    expect(updated.Name).toBe(name);
  });
});
