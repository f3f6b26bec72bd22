/**
 * What crosses the wire from the mail client: the account token goes to its origin only (no
 * redirect elsewhere), and a service that echoes it (in its error body, an HTML page, a header)
 * never gets it printed. Against raw servers on 127.0.0.1.
 */
import { describe, expect, it } from 'vitest';
import { errorViews } from '../../../test-support/error-views';
import { json, rawServer } from '../../../test-support/raw-server';
import {
  APIConnectionError,
  AuthenticationError,
  InternalServerError,
  MailClient,
} from '../src/index';

const ACCOUNT_TOKEN = 'mail-wire-trust-account-42';

describe('the account token', () => {
  it('never appears in an error when the service echoes it in its error body and a header', async () => {
    const server = await rawServer((request, response) => {
      response.setHeader('x-echo', String(request.headers['x-mail-account-token']));
      json(response, 401, {
        ErrorCode: 10,
        Message: `Request does not contain a valid Server token: ${request.headers['x-mail-account-token']}`,
      });
    });
    const mail = new MailClient({ baseUrl: server.origin, accountToken: ACCOUNT_TOKEN });
    const error = await mail.servers.get(1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(errorViews(error)).not.toContain(ACCOUNT_TOKEN);
    expect((error as Error).message).toContain('valid Server token: [redacted]');
  });

  it('never appears in an error when a proxy page quotes it', async () => {
    const server = await rawServer((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end(`<html><body>upstream refused ${ACCOUNT_TOKEN}</body></html>`);
    });
    const mail = new MailClient({ baseUrl: server.origin, accountToken: ACCOUNT_TOKEN, retry: 0 });
    const error = await mail.servers.get(1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(errorViews(error)).not.toContain(ACCOUNT_TOKEN);
  });

  it('is not carried to another origin by a redirect', async () => {
    const other = await rawServer((_request, response) => json(response, 200, { ID: 1 }));
    const server = await rawServer((_request, response) => {
      response.writeHead(302, { location: `${other.origin}/servers/1` }).end();
    });
    const mail = new MailClient({ baseUrl: server.origin, accountToken: ACCOUNT_TOKEN });
    const error = await mail.servers.get(1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(other.requests).toEqual([]);
  });
});
