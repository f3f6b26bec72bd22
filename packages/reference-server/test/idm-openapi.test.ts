import { requiredScope } from '@clientkit/idm-client/scopes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOVERY_PATH, JWKS_PATH } from '../src/apis/idm/discovery';
import { createIdmInterface } from '../src/apis/idm/interface';
import { IDM_OPENAPI_PATH } from '../src/apis/idm/routes';
import { createClock } from '../src/clock';
import { DEFAULT_IDM_AUDIENCE, developmentMachineClients } from '../src/development-credentials';
import { createReferenceServer, type ReferenceServer } from '../src/index';
import {
  answerChecker,
  type DocumentedOperation,
  documentedOperations,
  openApiProblems,
} from './support/openapi-document';

type Json = Record<string, unknown>;

let server: ReferenceServer;
let document: Json;

beforeAll(async () => {
  server = await createReferenceServer();
  const response = await server.fetch(`http://idm.test${IDM_OPENAPI_PATH}`);
  expect(response.status).toBe(200);
  document = (await response.json()) as Json;
});
afterAll(() => server.close());

const operationAt = (path: string, method: string) =>
  (document.paths as Record<string, Record<string, Json>>)[path]![method]!;

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('the identity management OpenAPI document', () => {
  it('is published at GET /api/v2/openapi.json without credentials, and the server lists it', () => {
    expect(server.openapiPaths.idm).toBe('/api/v2/openapi.json');
    expect(document.servers).toEqual([{ url: 'http://idm.test' }]);
  });

  it('is a valid OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(openApiProblems(document)).toEqual([]);
  });

  it('lists every mounted operation, and no route is mounted that it does not list (the documents about the server aside: this one, discovery and the key set)', () => {
    const { module } = createIdmInterface({
      clock: createClock(),
      tenant: 'public',
      logError: () => undefined,
    });
    const aboutTheServer = [IDM_OPENAPI_PATH, DISCOVERY_PATH, JWKS_PATH];
    const mounted = module.routes.routes
      .filter((route) => route.method !== 'ALL' && !aboutTheServer.includes(route.path))
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = documentedOperations(document).map((op) => `${op.method} ${op.path}`);
    expect(documented.sort()).toEqual([...new Set(mounted)].sort());
    expect(documented).toHaveLength(8);
  });

  it('documents the token exchange with JSON and form bodies, credentials in the body or by Basic (no bearer token), and OAuth error bodies', () => {
    const token = operationAt('/oauth/token', 'post');
    const content = (token.requestBody as { content: Json }).content;
    expect(Object.keys(content).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    expect(token.security).toEqual([{}, { clientSecretBasic: [] }]);
    const schemes = (document.components as { securitySchemes: Json }).securitySchemes;
    expect(schemes.clientSecretBasic).toMatchObject({ type: 'http', scheme: 'basic' });
    const responses = token.responses as Record<string, { content: Json }>;
    for (const status of ['400', '401', '403', 'default']) {
      expect(responses[status]!.content['application/json']).toEqual({
        schema: schemaRef('OAuthErrorBody'),
      });
    }
    const errorBody = (document.components as { schemas: Record<string, Json> }).schemas
      .OAuthErrorBody!;
    expect(errorBody.required).toEqual(['error', 'error_description']);
    const parameters = (document.components as { schemas: Record<string, Json> }).schemas
      .TokenParameters!;
    expect(parameters.required).toEqual(['grant_type', 'audience']);
  });

  it('documents the management bodies as JSON only, with the management error body', () => {
    const create = operationAt('/api/v2/clients', 'post');
    expect(Object.keys((create.requestBody as { content: Json }).content)).toEqual([
      'application/json',
    ]);
    const responses = create.responses as Record<string, { content: Json }>;
    expect(responses['400']!.content['application/json']).toEqual({
      schema: schemaRef('IdmErrorBody'),
    });
  });

  it('names for each management operation the one scope the client computes for it', () => {
    const management = documentedOperations(document).filter((op) => op.path !== '/oauth/token');
    expect(management).toHaveLength(7);
    for (const op of management) {
      const needed = requiredScope(op.method, op.path.replace('{id}', 'x'));
      expect(op.operation.security, `${op.method} ${op.path}`).toEqual([
        { managementToken: [needed] },
      ]);
    }
  });
});

/** The documented operation a request reached: its method and its path, `{id}` matching a segment. */
function operationFor(method: string, path: string): DocumentedOperation {
  const found = documentedOperations(document).find(
    (op) =>
      op.method === method && new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path),
  );
  if (!found) throw new Error(`no documented operation for ${method} ${path}`);
  return found;
}

describe('the answers of the identity management interface', () => {
  it('match the document, for every operation, in success and in refusal', async () => {
    const check = answerChecker(document);
    const problems: string[] = [];
    const reached = new Set<string>();
    const token = await server.idm.mintToken({ origin: 'http://idm.test' });
    const readOnly = await server.idm.mintToken({
      origin: 'http://idm.test',
      scopes: ['read:clients'],
    });
    const call = async (method: string, path: string, init: RequestInit = {}) => {
      const response = await server.fetch(`http://idm.test${path}`, { method, ...init });
      const text = await response.text();
      const operation = operationFor(method, path.split('?')[0]!);
      reached.add(operation.operationId);
      problems.push(...check(operation, response.status, text ? JSON.parse(text) : undefined));
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    const as = (bearer: string, body?: unknown): RequestInit => ({
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const { fullAccess } = developmentMachineClients;
    const exchange = {
      grant_type: 'client_credentials',
      client_id: fullAccess.clientId,
      client_secret: fullAccess.clientSecret,
      audience: DEFAULT_IDM_AUDIENCE,
    };
    const form = new URLSearchParams(exchange).toString();
    const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

    server.reset();
    expect((await call('POST', '/oauth/token', as('', exchange))).status).toBe(200);
    expect((await call('POST', '/oauth/token', { body: form, headers: formHeaders })).status).toBe(
      200,
    );
    const wrong = { ...exchange, client_secret: 'wrong' };
    expect((await call('POST', '/oauth/token', as('', wrong))).status).toBe(401);
    expect((await call('GET', '/api/v2/clients', as(token))).status).toBe(200);
    expect((await call('GET', '/api/v2/clients?include_totals=true', as(token))).status).toBe(200);
    const page = await call('GET', '/api/v2/clients?take=2', as(token));
    expect(page.body.next).toEqual(expect.any(String));
    expect((await call('GET', '/api/v2/clients?per_page=0', as(token))).status).toBe(400);
    const created = await call(
      'POST',
      '/api/v2/clients',
      as(token, { name: 'Doc', callbacks: [] }),
    );
    expect(created.status).toBe(201);
    const id = created.body.client_id as string;
    expect((await call('GET', `/api/v2/clients/${id}`, as(token))).status).toBe(200);
    expect(
      (await call('PATCH', `/api/v2/clients/${id}`, as(token, { name: 'Doc 2' }))).status,
    ).toBe(200);
    expect((await call('PATCH', `/api/v2/clients/${id}`, as(readOnly, { name: 'x' }))).status).toBe(
      403,
    );
    expect((await call('DELETE', `/api/v2/clients/${id}`, as(token))).status).toBe(204);
    expect((await call('GET', `/api/v2/clients/${id}`, as(token))).status).toBe(404);
    expect((await call('GET', '/api/v2/clients', {})).status).toBe(401);
    const logs = await call('GET', '/api/v2/logs?per_page=5', as(token));
    expect(logs.status).toBe(200);
    expect((await call('GET', '/api/v2/logs?from=x&take=3', as(token))).status).toBeLessThan(500);
    expect((await call('GET', `/api/v2/logs/${logs.body[0].log_id}`, as(token))).status).toBe(200);
    expect((await call('GET', '/api/v2/logs/nothing', as(token))).status).toBe(404);

    expect(problems).toEqual([]);
    expect([...reached].sort()).toEqual(
      documentedOperations(document)
        .map((op) => op.operationId)
        .sort(),
    );
  });
});

describe('paths under /api/v2 that are no operation of the table', () => {
  it('need a valid token before they are answered 404, so routes cannot be probed anonymously', async () => {
    const token = await server.idm.mintToken({ origin: 'http://idm.test' });
    const get = (path: string, headers: Record<string, string> = {}) =>
      server.fetch(`http://idm.test${path}`, { headers });
    expect((await get('/api/v2/clients/x/y')).status).toBe(401);
    const found = await get('/api/v2/clients/x/y', { authorization: `Bearer ${token}` });
    expect(found.status).toBe(404);
    expect(await found.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const put = await server.fetch('http://idm.test/api/v2/clients', {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${await server.idm.mintToken({ origin: 'http://idm.test', scopes: [] })}`,
      },
    });
    expect(put.status).toBe(403);
    expect(await put.json()).toMatchObject({ errorCode: 'insufficient_scope' });
  });
});

describe('the OpenAPI 3.1 check itself', () => {
  it('finds what is wrong with a broken document', () => {
    const broken = {
      openapi: '3.0.3',
      info: { title: 'Broken' },
      paths: {
        '/things/{id}': {
          get: { operationId: 'same', responses: { 200: { description: 'OK' } } },
          post: {
            operationId: 'same',
            security: [{ nowhere: [] }],
            responses: {
              200: {
                description: 'OK',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Gone' } } },
              },
              299.5: { description: 'odd' },
            },
          },
        },
      },
      components: { schemas: { Bad: { type: 'string', maxLenght: 3 } } },
    };
    const problems = openApiProblems(broken).join('\n');
    for (const expected of [
      'openapi must be 3.1.x',
      'info must have a title and a version',
      'operationId same twice',
      'path parameter id is not declared',
      'security scheme nowhere is not defined',
      '#/components/schemas/Gone does not resolve',
      '299.5 is not a status code',
      '#/components/schemas/Bad is not a valid JSON Schema',
    ]) {
      expect(problems).toContain(expected);
    }
  });

  it('finds an answer that does not match its documented schema', () => {
    const check = answerChecker(document);
    const getClient = operationFor('GET', '/api/v2/clients/abc');
    expect(check(getClient, 200, { client_id: 'abc', name: 'x' })).toEqual([]);
    expect(check(getClient, 200, { client_id: 7 }).join('\n')).toContain('/client_id');
    expect(check(getClient, 404, { error: 'no' })).not.toEqual([]);
    expect(check(operationFor('DELETE', '/api/v2/clients/abc'), 204, { body: 1 })).not.toEqual([]);
  });
});
