import type { Server } from '@clientkit/contracts/mail';
import { REDACTED } from '@clientkit/core';

const inspectSymbol = Symbol.for('nodejs.util.inspect.custom');

/**
 * The record with its `ApiTokens` still readable (`server.ApiTokens[0]`, `for...of`), but shown as
 * `[redacted]` by `util.inspect`, `console.log` and `JSON.stringify`, so that logging a server
 * record does not leak the tokens that send mail as it. Copy the array (`[...ApiTokens]`) to
 * serialize the tokens on purpose.
 */
export function redactApiTokens(server: Server): Server {
  if (!Array.isArray(server?.ApiTokens)) return server;
  const tokens = [...server.ApiTokens];
  Object.defineProperties(tokens, {
    toJSON: { value: () => REDACTED },
    [inspectSymbol]: { value: () => `[${tokens.length} API tokens ${REDACTED}]` },
  });
  return { ...server, ApiTokens: tokens };
}
