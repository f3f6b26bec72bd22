import { CheckpointExpiredError } from '../errors';
import type { PageStrategy } from './page';

/** Query of a checkpoint listing: `from` (the previous page's checkpoint id) and `take`, plus filters. */
export interface CheckpointParams {
  from?: string;
  take?: number;
  [filter: string]: unknown;
}

/**
 * Forward-only pages: each response hands out the checkpoint id of the next one. The interface
 * restarts a listing silently when a checkpoint is too old, so this strategy remembers when each
 * checkpoint arrived and raises `CheckpointExpiredError` instead of using a stale one.
 */
export function checkpointPagination<
  Raw,
  Item,
  Params extends CheckpointParams = CheckpointParams,
>(read: {
  items: (raw: Raw) => Item[];
  nextCheckpoint: (raw: Raw) => string | undefined;
  validityMs: number;
  now?: () => number;
}): PageStrategy<Params, Raw, Item> {
  const now = read.now ?? Date.now;
  const receivedAt = new WeakMap<Params, number>();
  return {
    items: read.items,
    next(raw, params, items) {
      const checkpoint = read.nextCheckpoint(raw);
      if (!checkpoint || items.length === 0) return null;
      const next = { ...params, from: checkpoint };
      receivedAt.set(next, now());
      return next;
    },
    beforeRequest(params) {
      const arrived = receivedAt.get(params);
      if (arrived === undefined) return;
      const age = now() - arrived;
      if (age > read.validityMs) throw new CheckpointExpiredError(age, read.validityMs);
    },
  };
}
