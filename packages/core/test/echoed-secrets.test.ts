/**
 * A server that echoes a secret of the client (in a JSON error, an HTML page, a header) never gets
 * it printed: every view of the error (message, `toJSON`, inspect, stack, excerpt, `body`,
 * `headers`) and every log line has the literal value, and its obvious encodings, replaced. Against
 * raw servers on 127.0.0.1.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { json, rawServer } from '../../../test-support/raw-server';
import {
  APIResponseParseError,
  APIResponseValidationError,
  type Auth,
  AuthenticationError,
  basicAuth,
  bearerAuth,
  cursorPages,
  headerAuth,
  InternalServerError,
  type Logger,
  REDACTED,
  tokenProvider,
} from './core';
import { rejectionOf, testClient } from './helpers';

const TOKEN = 'tok_live_5ecret_9f8e7d';
const PASSWORD = 'correct horse battery';
const ACCOUNT_TOKEN = 'acct-7c1e-55aa-9d3b';

/** Every way an application or a logger may show an error. */
function views(error: unknown): string {
  const shown = error as Error & { body?: unknown; headers?: Headers; excerpt?: string };
  return [
    String(error),
    shown.message,
    shown.stack,
    JSON.stringify(error),
    inspect(error, { depth: 10, showHidden: true }),
    JSON.stringify(shown.body),
    shown.excerpt,
    JSON.stringify([...(shown.headers?.entries() ?? [])]),
  ].join('\n');
}

/** The forms in which a server may echo `secret`. */
const echoesOf = (secret: string) => [
  secret,
  encodeURIComponent(secret),
  encodeURIComponent(secret).replace(/%20/g, '+'),
];

function expectNone(text: string, secret: string): void {
  for (const echo of echoesOf(secret)) expect(text).not.toContain(echo);
}

const messageField = (body: unknown) => ({
  message: (body as { error?: { message?: string } } | undefined)?.error?.message,
});

/** A client of a server that answers `status` with a JSON error quoting `secret` every way it can. */
async function echoingError(auth: Auth, secret: string, status = 401) {
  const server = await rawServer((_request, response) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'x-request-id': 'req_echo',
      'x-echo': encodeURIComponent(secret),
    });
    response.end(
      JSON.stringify({
        error: { message: `credential ${secret} is not accepted here` },
        sent: secret,
        [secret]: 'as a key',
        encoded: `?token=x&again=${encodeURIComponent(secret)}`,
        nested: [{ deep: { deeper: secret } }],
      }),
    );
  });
  const client = testClient({ baseUrl: server.origin, auth, errorBody: messageField, retry: 0 });
  return rejectionOf(client.request({ method: 'GET', path: 'things', operation: 'things.list' }));
}

describe('a secret echoed in an error answer', () => {
  it('is scrubbed from every view of the error: the bearer token', async () => {
    const error = await echoingError(bearerAuth(TOKEN), TOKEN);
    expect(error).toBeInstanceOf(AuthenticationError);
    expectNone(views(error), TOKEN);
    expect((error as Error).message).toBe(
      `401: credential ${REDACTED} is not accepted here (GET ${(error as AuthenticationError).url}) [request req_echo]`,
    );
    expect((error as AuthenticationError).body).toMatchObject({
      sent: REDACTED,
      [REDACTED]: 'as a key',
      nested: [{ deep: { deeper: REDACTED } }],
    });
  });

  it('is scrubbed from every view of the error: the password of basic auth, and its base64 pair', async () => {
    const pair = btoa(`editor:${PASSWORD}`);
    const error = await echoingError(basicAuth('editor', PASSWORD), `${PASSWORD} / Basic ${pair}`);
    const shown = views(error);
    expectNone(shown, PASSWORD);
    expect(shown).not.toContain(pair);
  });

  it('is scrubbed from every view of the error: a custom header credential', async () => {
    const error = await echoingError(headerAuth('X-Account-Token', ACCOUNT_TOKEN), ACCOUNT_TOKEN);
    expectNone(views(error), ACCOUNT_TOKEN);
  });

  it('is scrubbed from every view of the error: a token a provider handed out', async () => {
    const provider = tokenProvider({ fetchToken: async () => ({ token: TOKEN, expiresIn: 3600 }) });
    const error = await echoingError(bearerAuth(provider), TOKEN);
    expectNone(views(error), TOKEN);
  });

  it('is scrubbed before a hook or shouldRetry sees the error', async () => {
    const seen: string[] = [];
    const server = await rawServer((_request, response) =>
      json(response, 503, { error: { message: `busy with ${TOKEN}` } }),
    );
    const client = testClient({
      baseUrl: server.origin,
      auth: bearerAuth(TOKEN),
      errorBody: messageField,
      retry: { limit: 1, delay: () => 1, shouldRetry: ({ error }) => void seen.push(views(error)) },
      hooks: { beforeRetry: [({ error }) => void seen.push(views(error))] },
    });
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things' }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(2);
    expectNone(seen.join('\n'), TOKEN);
  });
});

describe('a secret echoed in an encoded form', () => {
  it('is scrubbed percent-, form-, JSON- and HTML-encoded', async () => {
    const secret = 'key/with "odd" & spaced chars';
    const html = secret.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const json = JSON.stringify(secret).slice(1, -1).replace(/\//g, '\\/');
    const forms = [encodeURIComponent(secret), encodeURIComponent(secret).replace(/%20/g, '+')];
    const server = await rawServer((request, response) => {
      if (request.url === '/v1/page') {
        response.writeHead(502, { 'content-type': 'text/html' });
        return void response.end(`<p>${html}</p><p>${forms.join(' ')}</p>`);
      }
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(`{"error": {"message": "refused ${json}"}, "again": "${forms[1]}"}`);
    });
    const client = testClient({
      baseUrl: server.origin,
      auth: headerAuth('X-Api-Key', secret),
      errorBody: messageField,
      retry: 0,
    });
    const shown = [
      views(await rejectionOf(client.request({ method: 'GET', path: 'page' }))),
      views(await rejectionOf(client.request({ method: 'GET', path: 'json' }))),
    ].join('\n');
    for (const form of [secret, html, json, ...forms]) expect(shown).not.toContain(form);
    expect(shown).toContain(`refused ${REDACTED}`);
  });
});

describe('a secret echoed in an answer that is not the interface own', () => {
  it('is scrubbed from the excerpt of an HTML page, even where the excerpt is cut', async () => {
    const page = `<html><body><p>${'x'.repeat(185)} ${TOKEN}</p><p>again: ${TOKEN}</p></body></html>`;
    const server = await rawServer((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' }).end(page);
    });
    const client = testClient({ baseUrl: server.origin, auth: bearerAuth(TOKEN), retry: 0 });
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things' }));
    const shown = views(error);
    expectNone(shown, TOKEN);
    // No start of the token is left where the excerpt was cut.
    expect(shown).not.toContain('tok_live');
  });

  it('is scrubbed from the excerpt of a success answer that does not parse', async () => {
    const server = await rawServer((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(`{"owner": holder of ${TOKEN}`);
    });
    const client = testClient({ baseUrl: server.origin, auth: bearerAuth(TOKEN), retry: 0 });
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things' }));
    expect(error).toBeInstanceOf(APIResponseParseError);
    expectNone(views(error), TOKEN);
  });

  it('is scrubbed from the body of an answer that breaks its schema', async () => {
    const server = await rawServer((_request, response) =>
      json(response, 200, { id: 7, owner: `me (${TOKEN})` }),
    );
    const client = testClient({
      baseUrl: server.origin,
      auth: bearerAuth(TOKEN),
      validateResponses: true,
      responseSchemas: { Thing: z.object({ id: z.string(), owner: z.string() }) },
    });
    const error = await rejectionOf(
      client.request({ method: 'GET', path: 'things/1', response: 'Thing' }),
    );
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expectNone(views(error), TOKEN);
    expect((error as APIResponseValidationError).body).toEqual({
      id: 7,
      owner: `me (${REDACTED})`,
    });
  });
});

describe('a secret echoed in a page of a listing', () => {
  it('is scrubbed from the error of a page without its list', async () => {
    const server = await rawServer((_request, response) =>
      json(response, 200, { records: [], note: `listed for ${TOKEN}`, api_token: 'tok_other_1' }),
    );
    const client = testClient({
      baseUrl: server.origin,
      auth: bearerAuth(TOKEN),
      paginate: cursorPages('items'),
    });
    const error = await rejectionOf(client.core.paginate('things'));
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect((error as APIResponseValidationError).body).toEqual({
      records: [],
      note: `listed for ${REDACTED}`,
      api_token: REDACTED,
    });
    expectNone(views(error), TOKEN);
  });
});

describe('a secret echoed to a client that logs', () => {
  it('never reaches a log line, at any level', async () => {
    const lines: unknown[] = [];
    const logger: Logger = {
      debug: (...line) => lines.push(line),
      info: (...line) => lines.push(line),
      warn: (...line) => lines.push(line),
      error: (...line) => lines.push(line),
    };
    let calls = 0;
    const server = await rawServer((_request, response) => {
      calls += 1;
      if (calls === 1) return json(response, 503, { error: { message: `slow for ${TOKEN}` } });
      if (calls === 2) return json(response, 200, { whoami: `holder of ${TOKEN}` });
      json(response, 404, { error: { message: `${TOKEN} has no such thing` }, token: TOKEN });
    });
    const client = testClient({
      baseUrl: server.origin,
      auth: bearerAuth(TOKEN),
      errorBody: messageField,
      retry: { limit: 1, delay: () => 1 },
      logger,
      logLevel: 'debug',
    });
    await client.request({ method: 'GET', path: 'me', operation: 'me.get' });
    await rejectionOf(client.request({ method: 'GET', path: 'things/x', operation: 'things.get' }));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expectNone(JSON.stringify(lines), TOKEN);
    expect(JSON.stringify(lines)).toContain(`holder of ${REDACTED}`);
  });
});
