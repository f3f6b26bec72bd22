/**
 * What crosses the wire from the metering client, on its Node sender (no `fetch` given) as on
 * ky's path: no redirect carries a batch or a session token elsewhere, answers are read under
 * `maxResponseBytes`, and neither the API key nor a session token is ever printed when a server
 * echoes it. Against raw servers on 127.0.0.1.
 */
import { describe, expect, it } from 'vitest';
import { errorViews } from '../../../test-support/error-views';
import { json, rawServer } from '../../../test-support/raw-server';
import {
  APIConnectionError,
  APIResponseTooLargeError,
  AuthenticationError,
  BadRequestError,
  MeteringClient,
} from '../src/index';
import { sessionBody } from './support/unit';

const API_KEY = 'sk_test_wire_trust_key_42';
const SESSION_PATH = '/v2/billing/meter_event_session';

/** A metering service whose session endpoint answers a session, and `stream` the rest. */
async function service(stream: Parameters<typeof rawServer>[0]) {
  const session = { ...sessionBody(), authentication_token: 'mest_wire_trust_session_7' };
  const server = await rawServer((request, response) => {
    if (request.url === SESSION_PATH) return json(response, 200, session);
    stream(request, response);
  });
  return { server, token: session.authentication_token };
}

const paths = [
  ['its Node sender', {}],
  ['ky and fetch', { fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init) }],
] as const;

describe.each(paths)('the metering client on %s', (_name, sending) => {
  const clientOf = (origin: string, more: Record<string, unknown> = {}) =>
    new MeteringClient({
      baseUrl: origin,
      apiKey: API_KEY,
      retry: { limit: 2, delay: () => 1 },
      ...sending,
      ...more,
    });

  it('sends no batch to another origin: a redirect of the stream is an error, not retried', async () => {
    const other = await rawServer((_request, response) => json(response, 200, {}));
    const { server } = await service((_request, response) => {
      response.writeHead(307, { location: `${other.origin}/v2/billing/meter_event_stream` }).end();
    });
    const error = await clientOf(server.origin)
      .events.send([{ event_name: 'api_call', payload: { customer: 'c1' } }])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toContain(`another origin than ${server.origin}`);
    expect(other.requests).toEqual([]);
    expect(server.requests.filter((seen) => seen.url !== SESSION_PATH)).toHaveLength(1);
  });

  it('never prints the session token or the API key a server echoes', async () => {
    const { server, token } = await service((request, response) =>
      json(response, 400, {
        error: {
          type: 'invalid_request_error',
          message: `batch refused for ${request.headers.authorization} (key ${API_KEY})`,
        },
      }),
    );
    const error = await clientOf(server.origin)
      .events.send([{ event_name: 'api_call', payload: { customer: 'c1' } }])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    const shown = errorViews(error);
    expect(shown).not.toContain(token);
    expect(shown).not.toContain(API_KEY);
  });

  it('never prints the API key the session endpoint echoes', async () => {
    const server = await rawServer((request, response) =>
      json(response, 401, {
        error: {
          type: 'authentication_error',
          message: `no such key: ${request.headers.authorization}`,
        },
      }),
    );
    const error = await clientOf(server.origin)
      .sessions.create()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(errorViews(error)).not.toContain(API_KEY);
  });

  it('reads answers under maxResponseBytes', async () => {
    const { server } = await service((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ padding: 'x'.repeat(5000) }));
    });
    const error = await clientOf(server.origin, { maxResponseBytes: 1000 })
      .events.send([{ event_name: 'api_call', payload: { customer: 'c1' } }])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIResponseTooLargeError);
    expect(error).toMatchObject({ limit: 1000, status: 200 });
  });
});
