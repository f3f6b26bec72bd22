import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../src/index';
import { rawRequestSpec } from '../src/raw-request';

describe('rawRequestSpec', () => {
  it('refuses an unknown field of init by name, so a misspelt query or body is never dropped', () => {
    const build = () => rawRequestSpec('x.request', 'GET', 'items', { querry: { a: 1 } } as never);
    expect(build).toThrow(RequestValidationError);
    expect(build).toThrow(/init\.querry is not an option \(known: query, body\)/);
  });

  it('takes query and body', () => {
    expect(
      rawRequestSpec('x.request', 'POST', 'items', { query: { a: 1 }, body: { b: 2 } }),
    ).toEqual({
      method: 'POST',
      path: 'items',
      query: { a: 1 },
      body: { b: 2 },
      operation: 'x.request',
    });
  });
});
