/**
 * The call log: one debug line per completed call with its operation, status, attempts and
 * duration; its level from `logLevel`, else `CLIENTKIT_LOG`; `console` without a logger; and at
 * `debug` the bodies, with every secret replaced and no `extraBody` or `extraQuery` value.
 */
import nock from 'nock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { secret } from '../src/contract/secret';
import {
  APIResponseValidationError,
  bearerAuth,
  headerAuth,
  type Logger,
  type LogLevel,
  REDACTED,
} from './core';
import { rejectionOf, type TestClientOptions, testClient, useNock } from './helpers';
import { answer, onFakeClock, scriptedFetch } from './scripted';

useNock();

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

interface Line {
  level: string;
  message: string;
  details: Record<string, unknown>;
}

/** A logger that keeps every line it is given. */
function capture(): { logger: Logger; lines: Line[]; text: () => string } {
  const lines: Line[] = [];
  const at = (level: string) => (message: string, details?: Record<string, unknown>) => {
    lines.push({ level, message, details: details ?? {} });
  };
  return {
    logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') },
    lines,
    text: () => lines.map((line) => `${line.message} ${JSON.stringify(line.details)}`).join('\n'),
  };
}

describe('each call is logged', () => {
  it('at debug, once completed, with its operation, status, attempts and duration', async () => {
    const { logger, lines } = capture();
    const scripted = scriptedFetch([
      answer(429, { 'retry-after': '2' }),
      answer(200, { 'x-request-id': 'req_1' }),
    ]);
    const client = testClient({ fetch: scripted.fetch, logger, logLevel: 'debug' });
    await onFakeClock(() =>
      client.request({ method: 'GET', path: 'spaces/s1', operation: 'spaces.get' }),
    );
    expect(lines.map(({ level, message }) => `${level} ${message}`)).toEqual([
      'info test.spaces.get: retry 1 after status 429',
      'debug test.spaces.get: 200 GET http://api.test/v1/spaces/s1',
    ]);
    expect(lines[1]?.details).toEqual({
      operation: 'test.spaces.get',
      status: 200,
      attempts: 2,
      durationMs: 2_000,
      requestId: 'req_1',
      responseBody: {},
    });
  });

  it('at debug when it fails, with the status, attempts and duration', async () => {
    const { logger, lines } = capture();
    nock('http://api.test').get('/v1/x').reply(404, { error: 'nope' }, { 'request-id': 'req_2' });
    const client = testClient({ logger, logLevel: 'debug' });
    await rejectionOf(client.request({ method: 'GET', path: 'x', operation: 'x.get' }));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toBe('test.x.get: failed, NotFoundError');
    expect(lines[0]?.details).toMatchObject({
      operation: 'test.x.get',
      status: 404,
      attempts: 1,
      requestId: 'req_2',
      responseBody: { error: 'nope' },
    });
    expect(lines[0]?.details.durationMs).toEqual(expect.any(Number));
  });

  it('at debug as failed, never as completed, when its answer breaks the response schema (validateResponses), with the request id and the body', async () => {
    const { logger, lines } = capture();
    nock('http://api.test')
      .get('/v1/spaces/s1')
      .reply(200, { id: 42 }, { 'x-request-id': 'req_3' });
    const client = testClient({
      logger,
      logLevel: 'debug',
      validateResponses: true,
      responseSchemas: { Space: z.object({ id: z.string() }) },
    });
    const error = await rejectionOf(
      client.request({
        method: 'GET',
        path: 'spaces/s1',
        operation: 'spaces.get',
        response: 'Space',
      }),
    );
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect(lines.map(({ level, message }) => `${level} ${message}`)).toEqual([
      'debug test.spaces.get: failed, APIResponseValidationError',
    ]);
    expect(lines[0]?.details).toMatchObject({
      operation: 'test.spaces.get',
      attempts: 1,
      requestId: 'req_3',
      responseBody: { id: 42 },
    });
    expect(lines[0]?.details).not.toHaveProperty('status');
  });
});

describe('the level', () => {
  /** The levels of the lines one retried call writes, for client options and CLIENTKIT_LOG. */
  async function levelsWritten(options: TestClientOptions, environment?: string) {
    vi.stubEnv('CLIENTKIT_LOG', environment);
    const consoleLines: string[] = [];
    for (const level of ['debug', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, level).mockImplementation(() => consoleLines.push(level));
    }
    nock('http://api.test')
      .get('/v1/l')
      .reply(503, {}, { 'retry-after': '0' })
      .get('/v1/l')
      .reply(200, {});
    await testClient(options).request({ method: 'GET', path: 'l', operation: 'l' });
    return consoleLines;
  }

  it('comes from CLIENTKIT_LOG when the code sets none, and the lines go to console', async () => {
    expect(await levelsWritten({}, 'debug')).toEqual(['info', 'debug']);
    expect(await levelsWritten({}, 'info')).toEqual(['info']);
    expect(await levelsWritten({}, 'warn')).toEqual([]);
  });

  it('is nothing without logLevel, logger or CLIENTKIT_LOG', async () => {
    expect(await levelsWritten({})).toEqual([]);
    expect(await levelsWritten({}, 'off')).toEqual([]);
    expect(await levelsWritten({}, 'verbose')).toEqual([]);
  });

  it('is the logLevel option over CLIENTKIT_LOG', async () => {
    expect(await levelsWritten({ logLevel: 'info' }, 'debug')).toEqual(['info']);
    expect(await levelsWritten({ logLevel: 'off' }, 'debug')).toEqual([]);
  });

  it('applies CLIENTKIT_LOG to a logger given without a level, and warn without either', async () => {
    const seen: string[] = [];
    const logger = Object.fromEntries(
      (['debug', 'info', 'warn', 'error'] as LogLevel[]).map((level) => [
        level,
        () => seen.push(level),
      ]),
    ) as unknown as Logger;
    await levelsWritten({ logger }, 'debug');
    expect(seen).toEqual(['info', 'debug']);
    seen.length = 0;
    await levelsWritten({ logger });
    expect(seen).toEqual([]);
  });

  it('is read from globalThis.process only: where there is none (a browser), nothing is logged', async () => {
    vi.stubEnv('CLIENTKIT_LOG', 'debug');
    const spy = vi.spyOn(console, 'debug').mockImplementation(() => {});
    vi.stubGlobal('process', undefined);
    const client = testClient();
    vi.unstubAllGlobals();
    nock('http://api.test').get('/v1/b').reply(200, {});
    await client.request({ method: 'GET', path: 'b', operation: 'b' });
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('bodies at debug', () => {
  const Body = z.strictObject({
    title: z.string(),
    pin: z.optional(secret(z.string())),
    repo: z.optional(z.string()),
  });
  const Answer = z.object({ id: z.string(), grant: z.object({ code: secret(z.string()) }) });
  const Query = z.strictObject({
    cursor: z.optional(secret(z.string())),
    limit: z.optional(z.int()),
  });

  it('are logged with every field the schemas mark secret replaced, in the request, the answer and the URL', async () => {
    const { logger, lines } = capture();
    nock('http://api.test')
      .post('/v1/things')
      .query(true)
      .reply(200, { id: 't1', grant: { code: 'g-secret-1' }, note: 'kept' });
    const client = testClient({
      logger,
      logLevel: 'debug',
      responseSchemas: { Thing: Answer },
    });
    await client.request({
      method: 'POST',
      path: 'things',
      operation: 'things.create',
      querySchema: Query,
      query: { cursor: 'c-secret-1', limit: 5 },
      bodySchema: Body,
      body: { title: 'Handbook', pin: 'p-secret-1' },
      response: 'Thing',
    });
    expect(lines[0]?.message).toBe(
      `test.things.create: 200 POST http://api.test/v1/things?cursor=${REDACTED}&limit=5`,
    );
    expect(lines[0]?.details.requestBody).toEqual({ title: 'Handbook', pin: REDACTED });
    expect(lines[0]?.details.responseBody).toEqual({
      id: 't1',
      grant: { code: REDACTED },
      note: 'kept',
    });
  });

  it('never show an extraBody or extraQuery value', async () => {
    const { logger, lines } = capture();
    nock('http://api.test').post('/v1/things').query(true).reply(201, {});
    await testClient({ logger, logLevel: 'debug' }).request({
      method: 'POST',
      path: 'things',
      operation: 'things.create',
      querySchema: Query,
      bodySchema: Body,
      body: { title: 'Handbook' },
      extraBody: { beta: 'eb-value-1', nested: { deep: 'eb-value-2' } },
      extraQuery: { flag: 'eq-value-1' },
    });
    expect(lines[0]?.message).toBe(
      `test.things.create: 201 POST http://api.test/v1/things?flag=${REDACTED}`,
    );
    expect(lines[0]?.details.requestBody).toEqual({
      title: 'Handbook',
      beta: REDACTED,
      nested: REDACTED,
    });
  });

  it('lose URL credentials and fields whose names say secret, which no schema marks', async () => {
    const { logger, lines } = capture();
    nock('http://api.test').post('/v1/things').reply(200, { access_token: 'at-secret-1' });
    await testClient({ logger, logLevel: 'debug' }).request({
      method: 'POST',
      path: 'things',
      operation: 'things.create',
      bodySchema: Body,
      body: {
        title: 'x',
        repo: 'https://bot:pw-secret-1@git.example/acme/repo.git?private_token=t1',
      },
    });
    expect(lines[0]?.details.requestBody).toEqual({
      title: 'x',
      repo: `https://git.example/acme/repo.git?private_token=${REDACTED}`,
    });
    expect(lines[0]?.details.responseBody).toEqual({ access_token: REDACTED });
  });

  it('show the relative path, redacted, when the answer does not say its URL', async () => {
    const { logger, lines } = capture();
    const client = testClient({
      logger,
      logLevel: 'debug',
      fetch: async () => new Response('{}', { headers: { 'content-type': 'application/json' } }),
    });
    await client.request({
      method: 'GET',
      path: 'things',
      operation: 'things.list',
      querySchema: Query,
      query: { cursor: 'c-secret-2', limit: 1 },
      extraQuery: { flag: 'eq-value-2' },
    });
    expect(lines[0]?.message).toBe(
      `test.things.list: 200 GET things?cursor=${REDACTED}&limit=1&flag=${REDACTED}`,
    );
  });

  it('are not logged above debug', async () => {
    const { logger, lines } = capture();
    nock('http://api.test')
      .get('/v1/things')
      .query(true)
      .reply(503, { detail: 'loud' }, { 'retry-after': '0' })
      .get('/v1/things')
      .query(true)
      .reply(200, { detail: 'loud' });
    await testClient({ logger, logLevel: 'info' }).request({
      method: 'GET',
      path: 'things',
      operation: 'things.list',
      query: { title: 'quiet' },
    });
    expect(lines.map((line) => line.level)).toEqual(['info']);
    expect(JSON.stringify(lines)).not.toMatch(/quiet|loud/);
  });
});

describe('a run at debug with seeded secrets', () => {
  it('writes none of them on any line', async () => {
    const seeds = {
      token: 'tok-SEED-bearer-0001',
      apiKey: 'key-SEED-api-0002',
      urlPassword: 'pw-SEED-url-0003',
      field: 'pin-SEED-field-0004',
      answerField: 'code-SEED-answer-0005',
      extraBody: 'eb-SEED-extra-0006',
      extraQuery: 'eq-SEED-extra-0007',
      shareKey: 'sk-SEED-share-0008',
    };
    const { logger, text, lines } = capture();
    const Body = z.strictObject({ title: z.string(), pin: secret(z.string()), repo: z.string() });
    const client = testClient({
      auth: bearerAuth(seeds.token),
      headers: { 'x-api-key': seeds.apiKey },
      logger,
      logLevel: 'debug',
      responseSchemas: { Grant: z.object({ code: secret(z.string()) }) },
    });
    const send = (path: string) =>
      client.request({
        method: 'POST',
        path,
        operation: `things.${path}`,
        query: { shareKey: seeds.shareKey },
        bodySchema: Body,
        body: {
          title: 'seeded',
          pin: seeds.field,
          repo: `https://bot:${seeds.urlPassword}@git.example/acme/handbook.git`,
        },
        extraBody: { beta: seeds.extraBody },
        extraQuery: { flag: seeds.extraQuery },
        response: 'Grant',
      });
    nock('http://api.test')
      .post('/v1/ok')
      .query(true)
      .reply(200, { code: seeds.answerField })
      .post('/v1/limited')
      .query(true)
      .reply(429, { echo: seeds.field }, { 'retry-after': '0' })
      .post('/v1/limited')
      .query(true)
      .reply(400, { password: seeds.urlPassword });
    await send('ok');
    await rejectionOf(send('limited'));
    const apiKeyClient = testClient({
      auth: headerAuth('x-api-key', seeds.apiKey),
      logger,
      logLevel: 'debug',
    });
    nock('http://api.test').get('/v1/k').reply(200, { seen: true });
    await apiKeyClient.request({ method: 'GET', path: 'k', operation: 'k' });

    expect(lines.filter((line) => line.level === 'debug')).toHaveLength(3);
    const written = text();
    for (const [name, value] of Object.entries(seeds)) {
      expect(written, `${name} leaked`).not.toContain(value);
    }
    expect(written).toContain('seeded');
  });
});
