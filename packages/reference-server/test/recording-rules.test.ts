import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createReplayServer } from '../src/index';
import {
  type CapturedExchange,
  type RecordedExchange,
  recordedExchange,
} from '../src/recording/recorded-exchange';
import { recordingWriter } from '../src/recording/recording-files';
import { requestKey } from '../src/recording/request-key';
import { scrubHeaderValue, scrubJson, scrubPath } from '../src/recording/scrub';
import { secretMemory } from '../src/recording/secret-memory';
import { recordingDir, removeRecordingDirs } from './support/recorded-session';

afterAll(removeRecordingDirs);

const forget = () => {};
const bytes = (text: string) => new TextEncoder().encode(text);

function captured(fields: Partial<CapturedExchange>): CapturedExchange {
  return {
    origin: 'https://api.example.com',
    method: 'GET',
    path: '/v1/user',
    requestHeaders: [],
    requestBody: new Uint8Array(),
    status: 200,
    responseHeaders: ['content-type', 'application/json'],
    responseBody: bytes('{}'),
    ...fields,
  };
}

describe('what a recording keeps of a credential', () => {
  it('replaces credential headers, keeping the scheme of an Authorization value', () => {
    expect(scrubHeaderValue('Authorization', 'Bearer abc.def.ghi', forget)).toBe(
      'Bearer [redacted]',
    );
    expect(scrubHeaderValue('authorization', 'Basic ZWRpdG9yOnB3', forget)).toBe(
      'Basic [redacted]',
    );
    expect(scrubHeaderValue('X-Mail-Account-Token', 'mail-token', forget)).toBe('[redacted]');
    expect(scrubHeaderValue('X-WP-Nonce', '0a1b2c', forget)).toBe('[redacted]');
    expect(scrubHeaderValue('Set-Cookie', 'session=abc; Path=/', forget)).toBe('[redacted]');
    expect(scrubHeaderValue('Idempotency-Key', 'key-1', forget)).toBe('key-1');
  });

  it('replaces secret query parameters and the credentials of URLs', () => {
    expect(scrubPath('/v1/spaces/a?shareKey=s3cr3t&limit=2', forget)).toBe(
      '/v1/spaces/a?shareKey=%5Bredacted%5D&limit=2',
    );
    expect(scrubPath('/x?api_key=k&next=https%3A%2F%2Fu%3Ap%40h.test%2F', forget)).toBe(
      '/x?api_key=%5Bredacted%5D&next=https%3A%2F%2F%5Bredacted%5D%40h.test%2F',
    );
    expect(scrubPath('/v1/spaces?limit=2', forget)).toBe('/v1/spaces?limit=2');
  });

  it('replaces secret fields of JSON at any depth, and leaves token_type and the rest alone', () => {
    const token = {
      access_token: 'eyJ.a.b',
      token_type: 'Bearer',
      nested: [{ client_secret: 's', ApiTokens: ['t1', 't2'], url: 'https://u:p@h.test/hook' }],
    };
    expect(scrubJson(token, forget)).toEqual({
      access_token: '[redacted]',
      token_type: 'Bearer',
      nested: [
        {
          client_secret: '[redacted]',
          ApiTokens: ['[redacted]', '[redacted]'],
          url: 'https://[redacted]@h.test/hook',
        },
      ],
    });
  });

  it('replaces the client secret of a form body', () => {
    const exchange = recordedExchange(
      captured({
        method: 'POST',
        path: '/oauth/token',
        requestHeaders: ['content-type', 'application/x-www-form-urlencoded'],
        requestBody: bytes('grant_type=client_credentials&client_id=c&client_secret=hush'),
      }),
      secretMemory(),
    );
    expect(exchange.body).toBe(
      'grant_type=client_credentials&client_id=c&client_secret=%5Bredacted%5D',
    );
  });

  it('replaces a credential wherever it appears again, once found where it was named', () => {
    const memory = secretMemory();
    const session = recordedExchange(
      captured({
        method: 'POST',
        path: '/v2/billing/meter_event_session',
        responseBody: bytes('{"authentication_token":"ek_test_session_token_1"}'),
      }),
      memory,
    );
    expect(session.response).toEqual({ authentication_token: '[redacted]' });
    const later = recordedExchange(
      captured({
        method: 'POST',
        path: '/v1/notes',
        requestHeaders: ['content-type', 'application/json'],
        requestBody: bytes('{"note":"token was ek_test_session_token_1"}'),
      }),
      memory,
    );
    expect(later.body).toEqual({ note: 'token was [redacted]' });
  });

  it('keeps the volatile headers of the answer, and drops its length and its encoding', () => {
    const exchange = recordedExchange(
      captured({
        responseHeaders: [
          'Date',
          'Tue, 01 Dec 2026 10:00:00 GMT',
          'x-request-id',
          'req_1',
          'content-length',
          '2',
          'content-type',
          'application/json',
        ],
      }),
      secretMemory(),
    );
    expect(exchange.rawHeaders).toEqual([
      'Date',
      'Tue, 01 Dec 2026 10:00:00 GMT',
      'x-request-id',
      'req_1',
      'content-type',
      'application/json',
    ]);
  });
});

describe('how a request matches a recording', () => {
  const stream = '/v2/billing/meter_event_stream';
  const batch = (identifier: string, timestamp: number, value: string) => ({
    events: [{ event_name: 'api_call', payload: { value }, identifier, timestamp }],
  });

  it('leaves out credentials, and the identifiers and timestamps a metering client makes up', () => {
    expect(requestKey('POST', stream, JSON.stringify(batch('id-1', 1, '3')))).toBe(
      requestKey('POST', stream, batch('id-2', 2, '3')),
    );
    expect(requestKey('GET', '/v1/spaces/a?shareKey=one&limit=2', '')).toBe(
      requestKey('GET', '/v1/spaces/a?limit=2&shareKey=[redacted]', undefined),
    );
    expect(requestKey('POST', '/oauth/token', 'client_id=c&client_secret=mine&grant_type=x')).toBe(
      requestKey('POST', '/oauth/token', 'grant_type=x&client_id=c&client_secret=%5Bredacted%5D'),
    );
    expect(requestKey('POST', '/oauth/token', '{"client_id":"c","client_secret":"mine"}')).toBe(
      requestKey('POST', '/oauth/token', { client_secret: '[redacted]', client_id: 'c' }),
    );
  });

  it('tells requests apart by method, path, query and body', () => {
    const key = requestKey('POST', stream, batch('id', 1, '3'));
    expect(requestKey('POST', stream, batch('id', 1, '4'))).not.toBe(key);
    expect(requestKey('PUT', stream, batch('id', 1, '3'))).not.toBe(key);
    expect(requestKey('GET', '/v1/spaces?limit=2', '')).not.toBe(
      requestKey('GET', '/v1/spaces?limit=3', ''),
    );
    // Outside the meter event stream, an identifier is data like any other.
    expect(requestKey('POST', '/v1/things', { identifier: 'a' })).not.toBe(
      requestKey('POST', '/v1/things', { identifier: 'b' }),
    );
  });
});

describe('a recording directory', () => {
  const recording = (title: string): RecordedExchange => ({
    scope: 'https://api.example.com',
    method: 'GET',
    path: '/v1/spaces/a',
    status: 200,
    response: { title },
    rawHeaders: ['content-type', 'application/json', 'x-request-id', `req_${title}`],
  });

  it('appends to the list a file holds, and the replay gives the n-th identical request the n-th recording', async () => {
    const dir = recordingDir();
    writeFileSync(join(dir, 'docs.json'), '[]\n');
    const writer = await recordingWriter(dir);
    await writer.append('docs', recording('first'));
    await writer.append('docs', recording('second'));
    const list = JSON.parse(readFileSync(join(dir, 'docs.json'), 'utf8'));
    expect(list.map((entry: RecordedExchange) => entry.response)).toEqual([
      { title: 'first' },
      { title: 'second' },
    ]);

    await using replay = await createReplayServer({ dir, log: forget });
    const titles = [];
    for (let i = 0; i < 2; i += 1) {
      const answer = await replay.fetch('http://replay.test/v1/spaces/a');
      expect(answer.headers.get('x-request-id')).toBe(`req_${i === 0 ? 'first' : 'second'}`);
      titles.push((await answer.json()).title);
    }
    expect(titles).toEqual(['first', 'second']);
    const third = await replay.fetch('http://replay.test/v1/spaces/a');
    expect(third.status).toBe(501);
    expect((await third.json()).error.message).toContain(
      'the 2 recorded for GET /v1/spaces/a were all answered already',
    );
  });

  it('is refused by the writer when a file of it is not a list of recordings, naming the file', async () => {
    const dir = recordingDir();
    writeFileSync(join(dir, 'idm.json'), '{"not": "a list"}');
    await expect(recordingWriter(dir)).rejects.toThrow(
      `${join(dir, 'idm.json')} must hold a JSON list of recordings`,
    );
  });

  it('without any recording is refused by the replay, naming the files it expects', async () => {
    const dir = recordingDir();
    await expect(createReplayServer({ dir })).rejects.toThrow(
      `${dir} holds no recordings: expected one of docs.json, calendar.json, metering.json, mail.json, idm.json`,
    );
  });
});
