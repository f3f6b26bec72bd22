import type { APIPromise, PagePromise, RequestOptions } from '@clientkit/core';
import {
  type CheckpointListParams,
  type ListingContext,
  listing,
  type OffsetListParams,
} from '../pagination';
import {
  type CheckpointList,
  ListQuery,
  LogCheckpointList,
  LogEvent,
  LogOffsetList,
  MAX_PAGE_SIZE,
  type OffsetList,
} from '../schemas';

/** The tenant's log: one event per change made through the interface, and sign-ins. */
export class Logs {
  readonly #context: ListingContext;

  constructor(context: ListingContext) {
    this.#context = context;
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
    params: CheckpointListParams | OffsetListParams = {},
    options?: RequestOptions,
  ): PagePromise<LogEvent, unknown> {
    return listing<LogEvent>(
      this.#context,
      {
        path: 'logs',
        operation: 'idm.logs.list',
        itemsKey: 'logs',
        querySchema: ListQuery(MAX_PAGE_SIZE[this.#context.tenant]),
        offsetSchema: LogOffsetList,
        checkpointSchema: LogCheckpointList,
      },
      params,
      options,
    );
  }

  /** A log event by id; `NotFoundError` when there is none. */
  get(logId: string, options?: RequestOptions): APIPromise<LogEvent> {
    return this.#context.requester.send({
      method: 'GET',
      path: 'logs/{logId}',
      pathParams: { logId },
      responseSchema: LogEvent,
      operation: 'idm.logs.get',
      ...options,
    });
  }
}
