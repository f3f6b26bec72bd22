import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type InterfaceName, type ReferenceServer } from '../src/index';
import { documentedOperations, openApiProblems } from './support/openapi-document';

let server: ReferenceServer;

beforeAll(async () => {
  server = await createReferenceServer();
});
afterAll(() => server.close());

describe('the OpenAPI documents the server publishes', () => {
  it('include docs, calendar and identity management', () => {
    expect(Object.keys(server.openapiPaths)).toEqual(
      expect.arrayContaining<InterfaceName>(['docs', 'calendar', 'idm']),
    );
  });

  it('are each a valid OpenAPI 3.1 document with at least one operation', async () => {
    for (const [name, path] of Object.entries(server.openapiPaths)) {
      const response = await server.fetch(`http://documents.test${path}`);
      expect(response.status, name).toBe(200);
      const document = (await response.json()) as Record<string, unknown>;
      expect(openApiProblems(document), name).toEqual([]);
      expect(documentedOperations(document).length, name).toBeGreaterThan(0);
    }
  });
});
