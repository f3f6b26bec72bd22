import { APIConnectionError, APIError } from '@clientkit/core';

/**
 * What a batch's failure says about the rest of the stream:
 * - `stop`: the credentials are refused (401 or 403, on the session or on the batch), so every
 *   other batch would be refused the same way;
 * - `outage`: the service cannot be reached or cannot answer (a connection failure, a timeout,
 *   408, 429, 5xx) once the retries are spent, so the batches behind it would wait as long to fail;
 * - `batch`: the service refused this batch for itself (400, 409, 413, ...).
 */
export type FailureScope = 'stop' | 'outage' | 'batch';

const OUTAGE_STATUSES = new Set([408, 429]);

export function failureScope(error: unknown): FailureScope {
  if (error instanceof APIConnectionError) return 'outage';
  if (!(error instanceof APIError)) return 'batch';
  if (error.status === 401 || error.status === 403) return 'stop';
  if (error.status >= 500 || OUTAGE_STATUSES.has(error.status)) return 'outage';
  return 'batch';
}
