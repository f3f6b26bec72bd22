/**
 * No request carries credentials or a body to another origin: fetch is told not to follow
 * redirects, and core follows only a few same-origin ones of a GET or HEAD. Against raw servers on
 * 127.0.0.1: two ports are two origins.
 */
import { describe, expect, it } from 'vitest';
import { json, rawServer } from '../../../test-support/raw-server';
import { APIConnectionError, bearerAuth, type Telemetry } from './core';
import { rejectionOf, testClient } from './helpers';

const TOKEN = 'tok_redirect_secret_1';

/** A toy client of `origin` with a bearer token and quick retries (which must not happen). */
function clientOf(origin: string, options: { telemetry?: Telemetry; fetch?: typeof fetch } = {}) {
  return testClient({
    baseUrl: origin,
    auth: bearerAuth(TOKEN),
    retry: { limit: 2, delay: () => 1 },
    ...options,
  });
}

/** A server that records whatever reaches it and answers 200. */
const elsewhere = () => rawServer((_request, response) => json(response, 200, { stolen: true }));

describe('a redirect to its own origin', () => {
  it('is followed by a GET, with its credentials, up to the answer', async () => {
    const server = await rawServer((request, response) => {
      if (request.url === '/v1/old') {
        response.writeHead(301, { location: '/v1/new' }).end();
        return;
      }
      json(response, 200, { at: request.url });
    });
    const client = clientOf(server.origin);
    const { data, response } = await client
      .request({ method: 'GET', path: 'old', operation: 'things.get' })
      .withResponse();
    expect(data).toEqual({ at: '/v1/new' });
    expect(response.url).toBe(`${server.origin}/v1/new`);
    expect(server.requests.map((seen) => seen.headers.authorization)).toEqual([
      `Bearer ${TOKEN}`,
      `Bearer ${TOKEN}`,
    ]);
  });

  it('is not followed by a write, whose body and credentials are never sent twice; nor retried', async () => {
    const server = await rawServer((request, response) => {
      if (request.url === '/v1/things') {
        response.writeHead(307, { location: '/v1/elsewhere', 'x-request-id': 'req_307' }).end();
        return;
      }
      json(response, 201, { id: 'created' });
    });
    const error = await rejectionOf(
      clientOf(server.origin).request({
        method: 'POST',
        path: 'things',
        operation: 'things.create',
        body: { name: 'a' },
      }),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).toMatchObject({
      status: 307,
      requestId: 'req_307',
      operation: 'test.things.create',
    });
    expect((error as Error).message).toBe(
      `The 307 answer redirects a POST to ${server.origin}/v1/elsewhere: only GET and HEAD are followed (POST ${server.origin}/v1/things) [request req_307], 1 attempt`,
    );
    expect(server.requests.map((seen) => seen.url)).toEqual(['/v1/things']);
  });

  it('is a redirect loop when it comes back to a URL already visited: an error saying so, not retried', async () => {
    const server = await rawServer((request, response) => {
      const next = request.url === '/v1/a' ? '/v1/b' : '/v1/a';
      response.writeHead(302, { location: next }).end();
    });
    const error = await rejectionOf(clientOf(server.origin).request({ method: 'GET', path: 'a' }));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(
      /^The 302 answer redirects back to http:\/\/127\.0\.0\.1:\d+\/v1\/a: a redirect loop \(GET .*\/v1\/b\), 1 attempt$/,
    );
    expect(server.requests.map((seen) => seen.url)).toEqual(['/v1/a', '/v1/b']);
  });

  it('is followed at most 5 times in a row: the 6th is "too many redirects", not retried', async () => {
    const server = await rawServer((request, response) => {
      const step = Number(request.url.split('/').pop());
      response.writeHead(302, { location: `/v1/hop/${step + 1}` }).end();
    });
    const error = await rejectionOf(
      clientOf(server.origin).request({ method: 'GET', path: 'hop/0' }),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(
      /^The 302 answer redirects a 6th time \(to .*\/v1\/hop\/6\): too many redirects \(GET /,
    );
    expect(server.requests).toHaveLength(6);
  });

  it('ends the telemetry of each hop with its answer, and counts each hop as a resend', async () => {
    const server = await rawServer((request, response) => {
      if (request.url === '/v1/old') response.writeHead(308, { location: '/v1/new' }).end();
      else json(response, 200, {});
    });
    const seen: string[] = [];
    const telemetry: Telemetry = {
      startCall: () => ({
        attempt: (request, resendCount) => {
          seen.push(`${resendCount} ${new URL(request.url).pathname}`);
          return (outcome) => seen.push(`ended ${outcome.response?.status}`);
        },
        end: () => undefined,
      }),
    };
    await clientOf(server.origin, { telemetry }).request({ method: 'GET', path: 'old' });
    expect(seen).toEqual(['0 /v1/old', 'ended 308', '1 /v1/new', 'ended 200']);
  });
});

describe('a redirect to another origin', () => {
  it('is not followed by a GET: nothing reaches the other origin, and the error names both origins and the Location, redacted', async () => {
    const other = await elsewhere();
    const server = await rawServer((_request, response) => {
      const location = `${other.origin.replace('//', '//admin:hunter2@')}/steal?token=${TOKEN}`;
      response.writeHead(302, { location, 'x-request-id': 'req_302' }).end();
    });
    const error = await rejectionOf(
      clientOf(server.origin).request({ method: 'GET', path: 'things/1' }),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).toMatchObject({ status: 302, requestId: 'req_302' });
    expect((error as Error).message).toBe(
      `The 302 answer redirects to ${other.origin}/steal?token=[redacted], another origin than ${server.origin}: not followed (GET ${server.origin}/v1/things/1) [request req_302], 1 attempt`,
    );
    expect(other.requests).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('is not followed by a write either: its body never reaches the other origin', async () => {
    const other = await elsewhere();
    const server = await rawServer((_request, response) => {
      response.writeHead(307, { location: `${other.origin}/v1/things` }).end();
    });
    const error = await rejectionOf(
      clientOf(server.origin).request({
        method: 'PUT',
        path: 'things/1',
        body: { secret: 'the body' },
      }),
    );
    expect((error as Error).message).toContain(`another origin than ${server.origin}`);
    expect(other.requests).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('from https to http of the same host is another origin too', async () => {
    const error = await rejectionOf(
      clientOf('https://api.example.test', {
        fetch: async () =>
          new Response(null, {
            status: 301,
            headers: { location: 'http://api.example.test/v1/x' },
          }),
      }).request({ method: 'GET', path: 'x' }),
    );
    expect((error as Error).message).toContain(
      'redirects to http://api.example.test/v1/x, another origin than https://api.example.test',
    );
  });
});

describe('a redirect the runtime does not let the client read', () => {
  it('is refused as a browser hands it over (an opaque redirect), not retried', async () => {
    let attempts = 0;
    const opaque: typeof fetch = async () => {
      attempts += 1;
      const response = new Response(null, { status: 200 });
      return Object.defineProperties(response, {
        type: { value: 'opaqueredirect' },
        url: { value: '' },
      });
    };
    const error = await rejectionOf(
      clientOf('https://api.example.test', { fetch: opaque }).request({ method: 'GET', path: 'x' }),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toBe(
      'The redirect is opaque: this runtime hides where it points (GET https://api.example.test/v1/x), 1 attempt',
    );
    expect(attempts).toBe(1);
  });
});

describe('a fetch of the application that follows redirects itself', () => {
  it('has its answer from another origin refused, not used as the call answer', async () => {
    const other = await elsewhere();
    const server = await rawServer((_request, response) => {
      response.writeHead(302, { location: `${other.origin}/v1/things/1` }).end();
    });
    // Builds its own request from the URL, so the transport's redirect: 'manual' is lost.
    const following: typeof fetch = (input, init) =>
      fetch((input as Request).url, { headers: (input as Request).headers, ...init });
    const error = await rejectionOf(
      clientOf(server.origin, { fetch: following }).request({ method: 'GET', path: 'things/1' }),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toContain(
      `The 200 answer came from ${other.origin}/v1/things/1 through a redirect the given fetch followed, away from ${server.origin}: not used`,
    );
  });
});
