/**
 * The largest JSON body the identity interface takes, 1,048,576 bytes of UTF-8, refused by the
 * client before sending with the error the service would answer.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { IdmClient, MAX_PAYLOAD_BYTES, PayloadTooLargeError } from '../src/index';
import { fakeJwt, ORIGIN, rejectionOf, useNock } from './support/unit';

useNock();

const idm = new IdmClient({ baseUrl: ORIGIN, token: fakeJwt(['create:clients']), retry: 0 });
const client = { client_id: 'abc', name: 'Billing' };

/**
 * A body whose JSON is exactly `bytes` bytes long in UTF-8. Its metadata breaks the client's
 * length limits, so it goes through `idm.request`, which checks the size of any body but no schema.
 */
function bodyOfSize(bytes: number) {
  const empty = JSON.stringify({ name: 'x', client_metadata: { pad: '' } });
  return { name: 'x', client_metadata: { pad: 'p'.repeat(bytes - empty.length) } };
}

describe('payload limit of 1,048,576 bytes', () => {
  it('sends a body of exactly 1,048,576 bytes', async () => {
    const body = bodyOfSize(MAX_PAYLOAD_BYTES);
    expect(Buffer.byteLength(JSON.stringify(body))).toBe(MAX_PAYLOAD_BYTES);
    nock(ORIGIN).post('/api/v2/clients').reply(201, client);
    await idm.request('POST', 'clients', { body });
  });

  it('refuses a body of 1,048,577 bytes with PayloadTooLargeError (413) before sending', async () => {
    const error = await rejectionOf(
      idm.request('POST', 'clients', { body: bodyOfSize(MAX_PAYLOAD_BYTES + 1) }),
    );
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect(error).toMatchObject({ status: 413, requestId: null });
    expect((error as Error).message).toContain(
      'Payload content length greater than maximum allowed: 1048576',
    );
  });

  it('measures UTF-8 bytes, not characters', async () => {
    const chars = Math.floor(MAX_PAYLOAD_BYTES / 3);
    const body = { name: 'x', client_metadata: { pad: '€'.repeat(chars) } };
    expect(JSON.stringify(body).length).toBeLessThan(MAX_PAYLOAD_BYTES);
    expect(await rejectionOf(idm.request('POST', 'clients', { body }))).toBeInstanceOf(
      PayloadTooLargeError,
    );
  });

  it('applies to idm.request bodies as well', async () => {
    const error = await rejectionOf(
      idm.request('POST', 'widgets', { body: { blob: 'x'.repeat(MAX_PAYLOAD_BYTES) } }),
    );
    expect(error).toBeInstanceOf(PayloadTooLargeError);
  });
});
