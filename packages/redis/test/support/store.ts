import type { CoordinationStore } from '@clientkit/core';
import { ownConnection } from '../../src/connection';
import { redisStore } from '../../src/redis-store';

/** A Redis store with a connection of its own, as one process of a fleet holds it. */
export function storeOn(
  url: string,
  { prefix = 'clientkit:', commandTimeoutMs = 5_000 } = {},
): CoordinationStore & { close(): Promise<void> } {
  return redisStore(ownConnection(url, commandTimeoutMs), prefix);
}
