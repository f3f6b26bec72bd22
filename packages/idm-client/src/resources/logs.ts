import { type CheckpointList, idm, type LogEvent, type OffsetList } from '@clientkit/contracts/idm';
import type { APIPromise, PagePromise, RequestOptions } from '@clientkit/core';
import type { ClientCore } from '@clientkit/core/internal';
import type { CheckpointListParams, Listings, OffsetListParams } from '../listing';

type Core = ClientCore<typeof idm>;
const { operations } = idm;

/** The tenant's log: one event per change made through the interface, and sign-ins. */
export class Logs {
  readonly #core: Core;
  readonly #listings: Listings;

  constructor(core: Core, listings: Listings) {
    this.#core = core;
    this.#listings = listings;
  }

  /**
   * Lists log events, newest first. Checkpoint pagination by default (`{ from?, take? }`); offset
   * pagination with `{ page?, per_page?, include_totals? }`, which reaches only the first 1000.
   *
   * @example
   * const page = await idm.logs.list({ take: 10 });
   */
  list(
    params?: CheckpointListParams,
    options?: RequestOptions,
  ): PagePromise<LogEvent, CheckpointList<'logs', LogEvent>>;
  list(
    params: OffsetListParams,
    options?: RequestOptions,
  ): PagePromise<LogEvent, OffsetList<'logs', LogEvent>>;
  list(
    params?: CheckpointListParams | OffsetListParams,
    options?: RequestOptions,
  ): PagePromise<LogEvent, unknown> {
    return this.#listings.list<LogEvent, unknown>('getLogs', params, options);
  }

  /** A log event by id; `NotFoundError` when there is none. */
  get(logId: string, options?: RequestOptions): APIPromise<LogEvent> {
    return this.#core.call(operations.getLog, { path: { logId } }, options);
  }
}
