import { get } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type RecordedAnswer, reportOn } from './answer-check';
import { loadDocuments } from './interface-documents';
import type { OpenApiDocument } from './openapi-responses';
import { useReferenceServer } from './reference-server';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

/** A small document: a base path, a template beside a concrete path, an error body, a 204. */
const document: OpenApiDocument = {
  servers: [{ url: 'http://things.test/api/' }],
  paths: {
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        responses: {
          '200': json({ $ref: '#/components/schemas/Thing' }),
          '404': json({ $ref: '#/components/schemas/Problem' }),
        },
      },
    },
    '/things/search': {
      get: { operationId: 'searchThings', responses: { '200': json({ type: 'array' }) } },
    },
    '/things': { delete: { operationId: 'clearThings', responses: { '204': {} } } },
  },
  components: {
    schemas: {
      Thing: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
      Problem: {
        type: 'object',
        required: ['message'],
        properties: { message: { type: 'string' } },
      },
    },
  },
};

function answer(method: string, path: string, status: number, body?: unknown): RecordedAnswer {
  return {
    method,
    path,
    status,
    contentType: body === undefined ? '' : 'application/json; charset=UTF-8',
    text: body === undefined ? '' : JSON.stringify(body),
  };
}

const report = (...answers: RecordedAnswer[]) => reportOn(answers, { docs: document });

describe('every answer validates against its interface document', () => {
  it('an answer matching its operation, status and schema passes and counts for its interface', () => {
    expect(report(answer('GET', '/api/things/t1', 200, { id: 't1' }))).toEqual({
      counts: { docs: 1 },
      outside: [],
      problems: [],
    });
  });

  it('a body that breaks the schema declared for its status is a problem naming the request and operation', () => {
    const { problems } = report(answer('GET', '/api/things/t1', 200, { id: 1 }));
    expect(problems).toEqual([
      'GET /api/things/t1 (200) getThing: /id must be string {"type":"string"}',
    ]);
  });

  it('an error status is checked against the error body its operation declares', () => {
    expect(report(answer('GET', '/api/things/t9', 404, { message: 'gone' })).problems).toEqual([]);
    expect(report(answer('GET', '/api/things/t9', 404, { error: 'gone' })).problems).toEqual([
      "GET /api/things/t9 (404) getThing: (root) must have required property 'message'",
    ]);
  });

  it('a method or path with no operation in the document is a problem naming the request', () => {
    const { problems, counts } = report(
      answer('POST', '/api/things/t1', 200, { id: 't1' }),
      answer('GET', '/api/widgets', 200, []),
    );
    expect(problems).toEqual([
      'POST /api/things/t1 (200): no operation in the docs document',
      'GET /api/widgets (200): no operation in the docs document',
    ]);
    expect(counts).toEqual({ docs: 2 });
  });

  it('a status the operation does not declare (and no default response) is a problem', () => {
    expect(report(answer('GET', '/api/things/t1', 500, { message: 'x' })).problems).toEqual([
      'GET /api/things/t1 (500) getThing: getThing 500 is not declared in docs-openapi.json',
    ]);
  });

  it('a concrete path segment wins over a template, as OpenAPI asks', () => {
    expect(report(answer('GET', '/api/things/search', 200, [])).problems).toEqual([]);
  });

  it('a status declared without a body must come without one', () => {
    expect(report(answer('DELETE', '/api/things', 204)).problems).toEqual([]);
    expect(report(answer('DELETE', '/api/things', 204, { ok: true })).problems).toEqual([
      'DELETE /api/things (204) clearThings: clearThings 204 declares no body',
    ]);
  });

  it('a HEAD answer is checked against the GET operation of its path, for its status only', () => {
    expect(report(answer('HEAD', '/api/things/t1', 200)).problems).toEqual([]);
    expect(report(answer('HEAD', '/api/things/t1', 201)).problems).toEqual([
      'HEAD /api/things/t1 (201) getThing: getThing 201 is not declared in docs-openapi.json',
    ]);
    expect(report(answer('HEAD', '/api/things', 204)).problems).toEqual([
      'HEAD /api/things (204): no operation in the docs document',
    ]);
  });

  it('a body answered as another type than JSON is a problem', () => {
    const html = { ...answer('GET', '/api/things/t1', 200), contentType: 'text/html', text: '<p>' };
    expect(report(html).problems).toEqual([
      'GET /api/things/t1 (200) getThing: answered text/html, not JSON',
    ]);
  });

  it('answers under no listed document are named apart, neither counted nor failed', () => {
    expect(report(answer('GET', '/apis/x', 200, {}), answer('GET', '/api', 404))).toEqual({
      counts: { docs: 1 },
      outside: ['GET /apis/x'],
      problems: ['GET /api (404): no operation in the docs document'],
    });
  });

  it('a document served at the origin root claims only the requests it has an operation for', () => {
    const atRoot: OpenApiDocument = {
      servers: [{ url: 'http://mail.test' }],
      paths: { '/servers/{id}': { get: { operationId: 'getServer', responses: { '200': {} } } } },
    };
    const answers = [
      answer('GET', '/servers/1', 200),
      answer('GET', '/api/things/t1', 200, { id: 't1' }),
      answer('GET', '/elsewhere', 200),
    ];
    expect(reportOn(answers, { mail: atRoot, docs: document })).toEqual({
      counts: { mail: 1, docs: 1 },
      outside: ['GET /elsewhere'],
      problems: [],
    });
  });
});

describe("WordPress's global parameters on calendar answers", () => {
  const calendar = (query: string, status: number, body: unknown): RecordedAnswer => ({
    ...answer('GET', '/api/things/t1', status, body),
    query,
  });
  const problemsOf = (...answers: RecordedAnswer[]) =>
    reportOn(answers, { calendar: document }).problems;

  it('an _envelope answer is checked by the status and body it wraps', () => {
    const error = { body: { message: 'gone' }, status: 404, headers: {} };
    expect(problemsOf(calendar('_envelope', 200, error))).toEqual([]);
    expect(problemsOf(calendar('_envelope=1', 200, { ...error, body: { id: 't1' } }))).toEqual([
      "GET /api/things/t1 (200) getThing: (root) must have required property 'message'",
    ]);
  });

  it('an _envelope answer that is not a 200 of { body, status, headers } is a problem', () => {
    expect(problemsOf(calendar('_envelope', 200, { id: 't1' }))).toEqual([
      'GET /api/things/t1 (200) getThing: _envelope: not a 200 answer of { body, status, headers }',
    ]);
  });

  it('a _fields answer is checked on the fields it holds, missing ones allowed', () => {
    expect(problemsOf(calendar('_fields=name', 200, {}))).toEqual([]);
    expect(problemsOf(calendar('_fields[]=id', 200, { id: 1 }))).toEqual([
      'GET /api/things/t1 (200) getThing: /id must be string {"type":"string"}',
    ]);
    expect(problemsOf(calendar('', 200, {}))).toHaveLength(1);
  });

  it('the other interfaces get no such reading', () => {
    const wrapped = {
      ...calendar('_envelope', 200, { body: { id: 't1' }, status: 200, headers: {} }),
    };
    expect(reportOn([wrapped], { docs: document }).problems).toEqual([
      "GET /api/things/t1 (200) getThing: (root) must have required property 'id'",
    ]);
  });
});

describe('the list of validated interfaces', () => {
  it('fails loudly for an interface listed without a document on the server', async () => {
    const server = { openapiPaths: {}, fetch };
    await expect(loadDocuments(server, 'http://unused.test', ['mail'])).rejects.toThrow(
      'mail is in VALIDATED_INTERFACES but the reference server lists no OpenAPI document for it',
    );
  });

  it('fails loudly when the document path does not answer a document', async () => {
    const server = {
      openapiPaths: { idm: '/api/v2/openapi.json' },
      fetch: (async () => new Response('{}', { status: 404 })) as typeof fetch,
    };
    await expect(loadDocuments(server, 'http://unused.test', ['idm'])).rejects.toThrow(
      'idm: GET /api/v2/openapi.json answered 404, not its OpenAPI document',
    );
  });
});

describe('recording answers on the reference server', () => {
  const ref = useReferenceServer('docs');

  it('records answers sent to node:http clients and to fetch alike, and validates them', async () => {
    const before = ref.answers.length;
    const headers = { authorization: 'Bearer docs-dev-user-ada' };
    const status = await new Promise<number | undefined>((resolve, reject) => {
      get(`${ref.origin}/v1/user`, { headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      }).on('error', reject);
    });
    const viaFetch = await fetch(`${ref.origin}/v1/users/usr_nobody`, { headers });
    expect([status, viaFetch.status]).toEqual([200, 404]);
    const recorded = await Promise.all(ref.answers.slice(before));
    expect(recorded.map(({ method, path, status }) => [method, path, status])).toEqual([
      ['GET', '/v1/user', 200],
      ['GET', '/v1/users/usr_nobody', 404],
    ]);
    expect(reportOn(recorded, ref.documents)).toMatchObject({ counts: { docs: 2 }, problems: [] });
  });
});
