import { RequestValidationError } from '@clientkit/core';
import { expect } from 'vitest';

/** The `RequestValidationError` that building a client with bad options throws; fails the test otherwise. */
export function refusal(build: () => unknown): RequestValidationError {
  try {
    build();
  } catch (error) {
    expect(error).toBeInstanceOf(RequestValidationError);
    return error as RequestValidationError;
  }
  throw new Error('expected the options to be refused');
}
