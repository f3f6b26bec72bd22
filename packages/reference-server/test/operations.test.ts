import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { createReferenceServer } from '../src/index';
import {
  bodyOf,
  type InterfaceDescription,
  JsonSchemaWriter,
  mountOperations,
  type Operation,
  openApiPublisher,
  queryOf,
} from '../src/operations';
import { ApiProblem, validBody, validQuery } from '../src/problem';

const Query = z.object({ n: z.optional(z.number()) });
const Body = z.object({ name: z.string() });
const Answer = z.object({ name: z.string(), n: z.optional(z.number()) });
const Problem = z.object({ message: z.string() });

type Access = 'open' | 'key';

const operations: Operation<Access>[] = [
  {
    id: 'echo',
    methods: ['POST', 'PUT'],
    path: '/echo/{slot}',
    summary: 'Echo the name',
    tag: 'echo',
    auth: 'key',
    query: Query,
    defaults: { n: 1 },
    body: Body,
    response: Answer,
    success: { 200: 'OK' },
    errors: { 404: 'No such slot' },
  },
  {
    id: 'ping',
    methods: ['GET'],
    path: '/',
    summary: 'Ping',
    auth: 'open',
    success: { 204: 'Up' },
  },
];

/** A toy interface: an API key for one operation, its own 400 and 401, digits-only slots. */
function toy(order: string[] = []): InterfaceDescription<Access, string> {
  return {
    title: 'Toy',
    version: '1',
    description: 'A toy interface',
    tags: { echo: 'Echoes of what was sent' },
    base: '/toy',
    operations,
    pathParameters: { slot: { schema: { type: 'integer' }, pattern: '[0-9]+' } },
    components: { responses: { Answer, Problem }, requests: { Body } },
    errorBody: Problem,
    securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'x-key' } },
    security: (access) => (access === 'key' ? [{ key: [] }] : []),
    authorize(c: Context, operation) {
      order.push('authorize');
      if (operation.auth === 'key' && c.req.header('x-key') !== 'k')
        throw new ApiProblem(401, 'no key');
      return operation.auth;
    },
    checks: {
      query: (c, schema) => {
        order.push('query');
        return validQuery(c, schema);
      },
      body: (c, schema) => {
        order.push('body');
        return validBody(c, schema);
      },
    },
  };
}

function mounted(order: string[] = []) {
  const app = mountOperations(toy(order), {
    echo: (c, _principal, input) => {
      order.push('handler');
      return c.json({ ...bodyOf(input, Body), ...queryOf(input, Query) });
    },
    ping: (c) => c.body(null, 204),
  });
  app.onError((error, c) =>
    c.json({ message: error.message }, error instanceof ApiProblem ? (error.status as 400) : 500),
  );
  return app;
}

const echo = (app: ReturnType<typeof mounted>, path: string, init: RequestInit = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'x-key': 'k', 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'ada' }),
    ...init,
  });

describe('declared operations: mounting', () => {
  it('authorizes, then checks the declared query and body, then runs the handler with them', async () => {
    const order: string[] = [];
    const response = await echo(mounted(order), '/toy/echo/7?n=3');
    expect(await response.json()).toEqual({ name: 'ada', n: 3 });
    expect(order).toEqual(['authorize', 'query', 'body', 'handler']);
  });

  it('every method of an operation reaches the same handler', async () => {
    expect((await echo(mounted(), '/toy/echo/7', { method: 'PUT' })).status).toBe(200);
  });

  it('a refused authorization stops the request before its input is read', async () => {
    const order: string[] = [];
    const response = await echo(mounted(order), '/toy/echo/7', { headers: {} });
    expect(response.status).toBe(401);
    expect(order).toEqual(['authorize']);
  });

  it("a bad body is refused in the interface's own way before the handler runs", async () => {
    const order: string[] = [];
    const response = await echo(mounted(order), '/toy/echo/7', { body: '{"name":1}' });
    expect(response.status).toBe(400);
    expect(order).not.toContain('handler');
  });

  it('an interface may look at a body sent to an operation that takes none, before its query', async () => {
    const order: string[] = [];
    const description = toy(order);
    const app = mountOperations(
      {
        ...description,
        checks: {
          ...description.checks,
          unexpectedBody: async (c) => {
            order.push('unexpected body');
            if (c.req.header('content-type')) throw new ApiProblem(415, 'no body here');
          },
        },
      },
      { echo: (c) => c.json({}), ping: (c) => c.body(null, 204) },
    );
    app.onError((error, c) =>
      c.json({ message: error.message }, (error as ApiProblem).status as 415),
    );
    expect((await app.request('/toy')).status).toBe(204);
    const refused = await app.request('/toy', { headers: { 'content-type': 'text/plain' } });
    expect(refused.status).toBe(415);
    expect(order).toEqual(['authorize', 'unexpected body', 'authorize', 'unexpected body']);
    await echo(app, '/toy/echo/7');
    expect(order.slice(4)).toEqual(['authorize', 'query', 'body']);
  });

  it('a path parameter with a pattern matches only that pattern', async () => {
    expect((await echo(mounted(), '/toy/echo/seven')).status).toBe(404);
  });

  it('an operation without a handler, or a handler without an operation, is refused at start', () => {
    expect(() => mountOperations(toy(), { echo: (c) => c.body(null) })).toThrow(
      'Toy: no handler for ping',
    );
    expect(() =>
      mountOperations(toy(), {
        echo: (c) => c.body(null),
        ping: (c) => c.body(null),
        pong: (c) => c.body(null),
      }),
    ).toThrow('Toy: the handler pong has no operation');
  });

  it('a handler reading its input with a schema the operation does not declare fails loudly', async () => {
    const app = mountOperations(toy(), {
      echo: (c, _p, input) => c.json(bodyOf(input, Answer)),
      ping: (c) => c.body(null, 204),
    });
    app.onError((error, c) => c.json({ message: error.message }, 500));
    const response = await echo(app, '/toy/echo/7');
    expect(await response.json()).toEqual({
      message: 'echo declares another body schema than its handler reads',
    });
  });
});

describe('declared operations: the OpenAPI document', () => {
  const document = openApiPublisher(toy())('http://host/toy') as {
    openapi: string;
    servers: unknown;
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components: { schemas: Record<string, unknown> };
  };

  it('names one operation per method, told apart by the method when several share one', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'http://host/toy' }]);
    expect(document.paths['/echo/{slot}']?.post?.operationId).toBe('echo.post');
    expect(document.paths['/echo/{slot}']?.put?.operationId).toBe('echo.put');
    expect(document.paths['/']?.get?.operationId).toBe('ping');
  });

  it('documents path and query parameters with their schemas and defaults', () => {
    expect(document.paths['/echo/{slot}']?.post?.parameters).toEqual([
      { name: 'slot', in: 'path', required: true, schema: { type: 'integer' } },
      { name: 'n', in: 'query', required: false, schema: { type: 'number', default: 1 } },
    ]);
  });

  it('documents success bodies, named errors and the default error with component references', () => {
    const responses = document.paths['/echo/{slot}']?.post?.responses as Record<string, unknown>;
    expect(responses['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Answer' } } },
    });
    expect(responses['404']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
    });
    expect(responses.default).toBeDefined();
    expect(document.paths['/']?.get?.responses).toMatchObject({ '204': { description: 'Up' } });
    expect(document.paths['/']?.get?.security).toEqual([]);
    expect(Object.keys(document.components.schemas).sort()).toEqual(['Answer', 'Body', 'Problem']);
  });
});

describe('declared operations: what the document says besides the operations', () => {
  type Written = {
    info: Record<string, unknown>;
    tags: unknown;
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components: { schemas: Record<string, Record<string, unknown>> };
  };
  const strictBody = z.strictObject({ name: z.string() });
  const written = (more: Partial<InterfaceDescription<Access, string>> = {}) => {
    const base = toy();
    return openApiPublisher({
      ...base,
      operations: operations.map((operation) =>
        operation.body ? { ...operation, body: strictBody } : operation,
      ),
      components: { ...base.components, requests: { Body: strictBody } },
      ...more,
    })('http://host/toy') as Written;
  };

  it('lists each operation under its tag, and every tag with its description', () => {
    const document = written();
    expect(document.paths['/echo/{slot}']?.post?.tags).toEqual(['echo']);
    expect(document.paths['/']?.get?.tags).toBeUndefined();
    expect(document.tags).toEqual([{ name: 'echo', description: 'Echoes of what was sent' }]);
  });

  it('refuses to write a document with a tag it cannot describe', () => {
    expect(() => written({ tags: {} })).toThrow('the tag echo is not described');
  });

  it('states the license the documents are written under', () => {
    expect(written().info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
  });

  it('keeps request objects closed, unless the interface drops the fields they do not name', () => {
    expect(written().components.schemas.Body?.additionalProperties).toBe(false);
    const base = toy();
    const dropping = written({ checks: { ...base.checks, dropsUnknownBodyFields: true } });
    expect(dropping.components.schemas.Body).not.toHaveProperty('additionalProperties');
  });

  it('documents a custom check that takes only an empty list as an array with items', () => {
    const empty = z.custom<[]>((value) => Array.isArray(value) && value.length === 0);
    expect(new JsonSchemaWriter().of(empty, 'input')).toEqual({
      type: 'array',
      maxItems: 0,
      items: {},
    });
  });
});

describe('declared operations: an operation unlike the rest of its interface', () => {
  it('documents its own error body and body media types in place of the interface defaults', () => {
    const OAuthProblem = z.object({ error: z.string() });
    const base = toy();
    const token: Operation<Access> = {
      ...operations[0]!,
      id: 'token',
      methods: ['POST'],
      path: '/token',
      errorBody: OAuthProblem,
      bodyTypes: ['application/json', 'application/x-www-form-urlencoded'],
    };
    const doc = openApiPublisher({
      ...base,
      operations: [...operations, token],
      components: { ...base.components, responses: { Answer, Problem, OAuthProblem } },
    })('http://host/toy') as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const own = doc.paths['/token']!.post!;
    expect(Object.keys((own.requestBody as { content: object }).content)).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    expect(own.responses).toMatchObject({
      404: {
        content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthProblem' } } },
      },
      default: {
        content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthProblem' } } },
      },
    });
    const other = doc.paths['/echo/{slot}']!.post!;
    expect(Object.keys((other.requestBody as { content: object }).content)).toEqual([
      'application/json',
    ]);
    expect(other.responses).toMatchObject({
      404: {
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
      },
    });
  });
});

describe('the docs interface document', () => {
  it('is published at GET /v1/openapi.json without credentials and lists every operation of the spec', async () => {
    const server = await createReferenceServer();
    try {
      const response = await server.fetch('http://docs.test/v1/openapi.json');
      expect(response.status).toBe(200);
      const doc = (await response.json()) as {
        servers: { url: string }[];
        paths: Record<string, Record<string, { operationId: string }>>;
      };
      expect(doc.servers).toEqual([{ url: 'http://docs.test/v1' }]);
      const ids = Object.values(doc.paths).flatMap((item) =>
        Object.values(item).map((operation) => operation.operationId),
      );
      expect(ids).toHaveLength(24);
      expect(ids).toContain('deleteLegacyGitInstallation');
    } finally {
      await server.close();
    }
  });
});
