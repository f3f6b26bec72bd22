import { inspect } from 'node:util';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { APIError, basicAuth, bearerAuth, redactHeaders, redactUrl } from './core';
import { testClient, useNock } from './helpers';

useNock();

describe('redaction', () => {
  it('removes credentials from URLs and secret query values', () => {
    expect(redactUrl('https://user:pa55word@hooks.example.com/in?x=1')).toBe(
      'https://hooks.example.com/in?x=1',
    );
    expect(redactUrl('http://h/a?access_token=abc&shareKey=k1&page=2')).toBe(
      'http://h/a?access_token=[redacted]&shareKey=[redacted]&page=2',
    );
    expect(redactUrl('not a url //me:pw@host')).toBe('not a url //host');
  });

  it('replaces credential headers', () => {
    expect(
      redactHeaders({
        Authorization: 'Bearer x',
        'X-Mail-Account-Token': 't',
        'X-WP-Nonce': 'n',
        'x-api-key': 'k',
        'content-type': 'application/json',
      }),
    ).toEqual({
      Authorization: '[redacted]',
      'X-Mail-Account-Token': '[redacted]',
      'X-WP-Nonce': '[redacted]',
      'x-api-key': '[redacted]',
      'content-type': 'application/json',
    });
  });

  it('keeps tokens, passwords and share keys out of error messages and inspected errors', async () => {
    nock('http://api.test').get('/v1/spaces/s1').query(true).reply(404, { error: 'nope' });
    const transport = testClient({ auth: bearerAuth('tok_very_secret_1') });
    const error = (await transport
      .request({
        method: 'GET',
        path: 'spaces/s1',
        query: { shareKey: 'share_secret_2' },
        operation: 't',
      })
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(APIError);
    const everything = [
      error.message,
      String(error.stack),
      inspect(error, { depth: 10 }),
      JSON.stringify(error),
    ].join('\n');
    expect(everything).not.toContain('tok_very_secret_1');
    expect(everything).not.toContain('share_secret_2');
    expect(error.url).toBe('http://api.test/v1/spaces/s1?shareKey=[redacted]');
  });

  it('keeps basic-auth passwords out of connection errors', async () => {
    nock('http://api.test').get('/v1/x').replyWithError('socket hang up');
    const transport = testClient({
      auth: basicAuth('editor', 'app_password_3'),
      retry: 0,
    });
    const error = await transport
      .request({ method: 'GET', path: 'x', operation: 't' })
      .catch((e: unknown) => e);
    expect(inspect(error, { depth: 10 })).not.toContain('app_password_3');
    expect(inspect(error, { depth: 10 })).not.toContain(
      Buffer.from('editor:app_password_3').toString('base64'),
    );
  });
});
