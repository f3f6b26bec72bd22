import { requiredScope } from '@clientkit/idm-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdmInterface } from '../src/apis/idm/interface';
import { IDM_OPENAPI_PATH } from '../src/apis/idm/routes';
import { createClock } from '../src/clock';
import { createReferenceServer, type ReferenceServer } from '../src/index';
import { documentedOperations, openApiProblems } from './support/openapi-document';

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

  it('lists every mounted operation, and no route is mounted that it does not list', () => {
    const { module } = createIdmInterface({
      clock: createClock(),
      tenant: 'public',
      logError: () => undefined,
    });
    const mounted = module.routes.routes
      .filter((route) => route.method !== 'ALL' && route.path !== IDM_OPENAPI_PATH)
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = documentedOperations(document).map((op) => `${op.method} ${op.path}`);
    expect(documented.sort()).toEqual([...new Set(mounted)].sort());
    expect(documented).toHaveLength(8);
  });

  it('documents the token exchange with JSON and form bodies, no bearer token, and OAuth error bodies', () => {
    const token = operationAt('/oauth/token', 'post');
    const content = (token.requestBody as { content: Json }).content;
    expect(Object.keys(content).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    expect(token.security).toEqual([]);
    const responses = token.responses as Record<string, { content: Json }>;
    for (const status of ['400', '401', '403', 'default']) {
      expect(responses[status]!.content['application/json']).toEqual({
        schema: schemaRef('OAuthErrorBody'),
      });
    }
    const errorBody = (document.components as { schemas: Record<string, Json> }).schemas
      .OAuthErrorBody!;
    expect(errorBody.required).toEqual(['error', 'error_description']);
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
});
