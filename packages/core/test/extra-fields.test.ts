/**
 * Fields the SDK does not know yet: `extraBody` and `extraQuery` are sent as given next to the
 * checked input; keys the operation's schema declares, keys that reach prototypes, and an
 * `extraBody` where the operation takes no object body are refused before anything is sent.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { PayloadTooLargeError, RequestValidationError } from './core';
import { rejectionOf, testClient, useNock } from './helpers';

useNock();

const client = testClient();

const ListQuery = z.strictObject({
  limit: z.optional(z.int().check(z.gte(0), z.lte(1000))),
  page: z.optional(z.string()),
});
const Body = z.strictObject({
  title: z.optional(z.string().check(z.maxLength(50))),
  emoji: z.optional(z.nullable(z.string())),
});

/** The issues of a refusal; fails when the call was not refused before sending. */
async function issuesOf(promise: PromiseLike<unknown>) {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(RequestValidationError);
  return (error as RequestValidationError).issues;
}

describe('extraQuery', () => {
  it('sends its parameters as given, next to the checked query', async () => {
    const scope = nock('http://api.test')
      .get('/v1/spaces')
      .query({ limit: '5', beta_filter: 'on', depth: '2', archived: 'false' })
      .reply(200, []);
    await client.request({
      method: 'GET',
      path: 'spaces',
      operation: 'spaces.list',
      querySchema: ListQuery,
      query: { limit: 5 },
      extraQuery: { beta_filter: 'on', depth: 2, archived: false },
    });
    expect(scope.isDone()).toBe(true);
  });

  it('refuses a declared parameter by name, given in the input or not, so that a limit cannot be bypassed', async () => {
    for (const query of [{}, { limit: 5 }]) {
      const issues = await issuesOf(
        client.request({
          method: 'GET',
          path: 'spaces',
          operation: 'spaces.list',
          querySchema: ListQuery,
          query,
          extraQuery: { limit: 5000 },
        }),
      );
      expect(issues).toEqual([
        { path: 'extraQuery.limit', message: 'is a declared field: pass it in the typed input' },
      ]);
    }
  });

  it('refuses a parameter declared by any member of a union query (either pagination style)', async () => {
    const Paged = z.union([
      z.strictObject({ page: z.optional(z.int()), per_page: z.optional(z.int().check(z.lte(50))) }),
      z.strictObject({ from: z.optional(z.string()), take: z.optional(z.int().check(z.lte(50))) }),
    ]);
    for (const extraQuery of [{ per_page: 5000 }, { take: 5000 }] as Record<string, number>[]) {
      const issues = await issuesOf(
        client.request({
          method: 'GET',
          path: 'clients',
          operation: 'clients.list',
          querySchema: Paged,
          query: {},
          extraQuery,
        }),
      );
      expect(issues[0]?.path).toBe(`extraQuery.${Object.keys(extraQuery)[0]}`);
    }
  });

  it('refuses a parameter declared inside an optional, nullable or piped query schema', async () => {
    const wrapped = [
      z.optional(ListQuery),
      z.nullable(ListQuery),
      z.pipe(
        ListQuery,
        z.transform((query) => query),
      ),
    ];
    for (const querySchema of wrapped) {
      const issues = await issuesOf(
        client.request({
          method: 'GET',
          path: 'spaces',
          operation: 'spaces.list',
          querySchema,
          query: {},
          extraQuery: { limit: 5000 },
        }),
      );
      expect(issues[0]?.path).toBe('extraQuery.limit');
    }
  });

  it('refuses __proto__ and constructor', async () => {
    for (const extraQuery of [JSON.parse('{"__proto__": {"admin": true}}'), { constructor: 'x' }]) {
      const issues = await issuesOf(
        client.request({
          method: 'GET',
          path: 'spaces',
          operation: 'spaces.list',
          querySchema: ListQuery,
          extraQuery,
        }),
      );
      expect(issues[0]?.message).toBe('is not allowed');
    }
  });
});

describe('extraBody', () => {
  it('sends its fields as given, next to the checked body', async () => {
    const scope = nock('http://api.test')
      .patch('/v1/spaces/s1', { title: 'Handbook', beta: { layout: 'wide' }, tags: ['a'] })
      .reply(200, {});
    await client.request({
      method: 'PATCH',
      path: 'spaces/s1',
      operation: 'spaces.update',
      bodySchema: Body,
      body: { title: 'Handbook' },
      extraBody: { beta: { layout: 'wide' }, tags: ['a'] },
    });
    expect(scope.isDone()).toBe(true);
  });

  it('refuses a declared field by name, given in the input or not', async () => {
    for (const body of [{ title: 'x' }, { emoji: null }]) {
      const issues = await issuesOf(
        client.request({
          method: 'PATCH',
          path: 'spaces/s1',
          operation: 'spaces.update',
          bodySchema: Body,
          body,
          extraBody: { title: 'y'.repeat(500) },
        }),
      );
      expect(issues).toEqual([
        { path: 'extraBody.title', message: 'is a declared field: pass it in the typed input' },
      ]);
    }
  });

  it('refuses __proto__, constructor and prototype, each by name', async () => {
    const extraBody = JSON.parse(
      '{"__proto__": {"admin": true}, "constructor": 1, "prototype": 2}',
    );
    const issues = await issuesOf(
      client.request({
        method: 'PATCH',
        path: 'spaces/s1',
        operation: 'spaces.update',
        bodySchema: Body,
        body: { title: 'x' },
        extraBody,
      }),
    );
    expect(issues.map((issue) => issue.path)).toEqual([
      'extraBody.__proto__',
      'extraBody.constructor',
      'extraBody.prototype',
    ]);
  });

  it('is refused on an operation without a body', async () => {
    const issues = await issuesOf(
      client.request({
        method: 'POST',
        path: 'spaces/s1/duplicate',
        operation: 'spaces.duplicate',
        extraBody: { beta: true },
      }),
    );
    expect(issues).toEqual([
      { path: 'extraBody', message: 'is only for operations whose body is an object' },
    ]);
  });

  it('is refused where the body is a list', async () => {
    const issues = await issuesOf(
      client.request({
        method: 'POST',
        path: 'events',
        operation: 'events.send',
        bodySchema: z.array(z.string()),
        body: ['a'],
        extraBody: { beta: true },
      }),
    );
    expect(issues[0]?.path).toBe('extraBody');
  });

  it('counts toward the body limit: the merged body is what is measured', async () => {
    const limited = testClient({
      bodyLimit: { bytes: 100, code: 'too_large', message: (bytes) => `${bytes} bytes` },
    });
    const error = await rejectionOf(
      limited.request({
        method: 'PATCH',
        path: 'spaces/s1',
        operation: 'spaces.update',
        bodySchema: Body,
        body: { title: 'x'.repeat(40) },
        extraBody: { notes: 'y'.repeat(60) },
      }),
    );
    expect(error).toBeInstanceOf(PayloadTooLargeError);
  });

  it('leaves the typed input strict: an unknown field there is still refused', async () => {
    const issues = await issuesOf(
      client.request({
        method: 'PATCH',
        path: 'spaces/s1',
        operation: 'spaces.update',
        bodySchema: Body,
        body: { title: 'x', beta: true },
        extraBody: { other: true },
      }),
    );
    expect(issues).toEqual([{ path: '', message: 'has unknown field beta' }]);
  });
});

describe('the request() escape hatch', () => {
  it('refuses extraBody and extraQuery, whose fields belong in init.body and init.query', async () => {
    for (const options of [{ extraBody: { beta: true } }, { extraQuery: { beta: 1 } }]) {
      const error = await rejectionOf(
        client.core.request('POST', 'things', { body: { a: 1 } }, options),
      );
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues[0]?.path).toBe(Object.keys(options)[0]);
    }
  });
});
