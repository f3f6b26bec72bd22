import type { Sender } from '@clientkit/core/internal';

// The browser build's sender choice (see tsup.config.ts): a page has no node:http, so the stream's
// events go through ky and fetch, as node-wire.ts itself decides there.

/** No Node sender in a browser. */
export function nodeSenderIfNode(): Sender | undefined {
  return undefined;
}
