import type { APIPromise, PagePromise, RequestOptions } from '@clientkit/core';
import {
  type CheckpointListParams,
  type IdmTransport,
  listing,
  type OffsetListParams,
} from '../pagination';
import { ListQuery } from '../request-schemas';
import type { CheckpointList, LogEvent, OffsetList } from '../response-schemas';

/** The tenant's log: one event per change made through the interface, and sign-ins. */
export class Logs {
  readonly #transport: IdmTransport;

  constructor(transport: IdmTransport) {
    this.#transport = transport;
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
      this.#transport,
      {
        operation: 'idm.logs.list',
        path: 'logs',
        itemsKey: 'logs',
        querySchema: ListQuery,
        responses: {
          checkpoint: 'LogCheckpointList',
          plain: 'LogPlainList',
          totals: 'LogTotalsList',
        },
      },
      params,
      options,
    );
  }

  /** A log event by id; `NotFoundError` when there is none. */
  get(logId: string, options?: RequestOptions): APIPromise<LogEvent> {
    return this.#transport.request<LogEvent>({
      operation: 'idm.logs.get',
      method: 'GET',
      path: 'logs/{logId}',
      pathParams: { logId },
      response: 'LogEvent',
      ...options,
    });
  }
}
