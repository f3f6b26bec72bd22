import type { HTTPError, TimeoutError } from 'ky';
import { loadedKy } from './ky-loader';

// ky's errors come only from ky, so ky is loaded whenever one of them is looked at.

/** An error answer, as ky reports it. */
export function isHTTPError(error: unknown): error is HTTPError {
  const ky = loadedKy();
  return ky !== undefined && error instanceof ky.HTTPError;
}

/** An attempt that ran out of time, as ky reports it. */
export function isTimeoutError(error: unknown): error is TimeoutError {
  const ky = loadedKy();
  return ky !== undefined && error instanceof ky.TimeoutError;
}
