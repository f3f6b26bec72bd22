/**
 * What crosses the wire from the identity management client: the client secret goes only to the
 * token URL's origin (a redirect of the exchange is never followed), a token endpoint that quotes
 * the secret has it scrubbed, and concurrent callers of one failed exchange each get their own
 * error. Against raw servers on 127.0.0.1.
 */
import { describe, expect, it } from 'vitest';
import { errorViews } from '../../../test-support/error-views';
import { json, rawServer } from '../../../test-support/raw-server';
import {
  APIConnectionError,
  AuthenticationError,
  clientCredentials,
  IdmClient,
} from '../src/index';
import { fakeJwt, rejectionOf } from './support/unit';

const SECRET = 'cs_wire_trust_5ecret_value';
const AUDIENCE = 'https://idm.test/api/v2/';
const credentials = () =>
  clientCredentials({ clientId: 'm2m', clientSecret: SECRET, audience: AUDIENCE });

/** Every way an application or a logger may show an error. */
describe('the token exchange', () => {
  it('is never redirected: a 307 to another origin sends the secret nowhere else, and no token from there is used', async () => {
    const other = await rawServer((_request, response) =>
      json(response, 200, {
        access_token: fakeJwt(['read:clients']),
        token_type: 'Bearer',
        expires_in: 3600,
      }),
    );
    const server = await rawServer((_request, response) => {
      response.writeHead(307, { location: `${other.origin}/oauth/token` }).end();
    });
    const idm = new IdmClient({ baseUrl: server.origin, auth: credentials() });
    const error = await rejectionOf(idm.clients.get('abc'));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toContain(
      `The 307 answer redirects to ${other.origin}/oauth/token, another origin than ${server.origin}: not followed`,
    );
    expect(other.requests).toEqual([]);
    expect(server.requests.map((seen) => seen.url)).toEqual(['/oauth/token']);
  });

  it('is not redirected on its own origin either: the form is never posted twice', async () => {
    const server = await rawServer((request, response) => {
      if (request.url === '/oauth/token') {
        response.writeHead(308, { location: '/v2/oauth/token' }).end();
        return;
      }
      json(response, 200, { access_token: 'x', token_type: 'Bearer', expires_in: 3600 });
    });
    const idm = new IdmClient({ baseUrl: server.origin, auth: credentials() });
    const error = await rejectionOf(idm.accessToken());
    expect((error as Error).message).toContain('redirects a POST');
    expect(server.requests).toHaveLength(1);
  });

  it('never prints the client secret a token endpoint quotes, in JSON or in an HTML page', async () => {
    for (const answer of [
      (response: Parameters<Parameters<typeof rawServer>[0]>[1], form: string) =>
        json(response, 401, {
          error: 'invalid_client',
          error_description: `Client authentication failed for ${form}`,
        }),
      (response: Parameters<Parameters<typeof rawServer>[0]>[1], form: string) =>
        response
          .writeHead(401, { 'content-type': 'text/html' })
          .end(`<html><body><pre>${form}</pre><p>${SECRET}</p></body></html>`),
    ]) {
      const server = await rawServer((request, response) => answer(response, request.body));
      const lines: unknown[] = [];
      const log = (...line: unknown[]) => void lines.push(line);
      const idm = new IdmClient({
        baseUrl: server.origin,
        auth: credentials(),
        logLevel: 'debug',
        logger: { debug: log, info: log, warn: log, error: log },
      });
      const error = await rejectionOf(idm.clients.get('abc'));
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(server.requests[0]!.body).toContain(SECRET);
      expect(errorViews(error)).not.toContain(SECRET);
      expect(JSON.stringify(lines)).not.toContain(SECRET);
    }
  });

  it('never prints the access token it minted when the interface quotes it', async () => {
    const token = fakeJwt(['read:clients'], { minted: 'wire-trust' });
    const server = await rawServer((request, response) => {
      if (request.url === '/oauth/token') {
        return json(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      json(response, 404, {
        statusCode: 404,
        error: 'Not Found',
        message: `nothing for ${request.headers.authorization}`,
        errorCode: 'inexistent_client',
      });
    });
    const idm = new IdmClient({ baseUrl: server.origin, auth: credentials() });
    const error = await rejectionOf(idm.clients.get('abc'));
    expect(errorViews(error)).not.toContain(token);
  });

  it('gives each of 20 concurrent callers of one failed exchange its own error', async () => {
    const server = await rawServer((_request, response) =>
      json(response, 401, {
        error: 'invalid_client',
        error_description: 'Client authentication failed',
      }),
    );
    const idm = new IdmClient({ baseUrl: server.origin, auth: credentials() });
    const listClients = () => idm.clients.get('abc');
    const listLogs = () => idm.logs.get('log_1');
    const calls = Array.from({ length: 20 }, (_, index) =>
      index % 2 ? listClients() : listLogs(),
    );
    const errors = (await Promise.all(calls.map(rejectionOf))) as AuthenticationError[];
    expect(server.requests).toHaveLength(1);
    expect(new Set(errors).size).toBe(20);
    for (const [index, error] of errors.entries()) {
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toMatchObject({ code: 'invalid_client', operation: 'idm.oauth.token' });
      expect(error.stack).toContain(index % 2 ? 'listClients' : 'listLogs');
    }
  });
});
