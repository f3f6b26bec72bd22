import ky, { HTTPError, TimeoutError } from 'ky';

export { ky };

/** An error answer, as ky reports it. */
export function isHTTPError(error: unknown): error is HTTPError {
  return error instanceof HTTPError;
}

/** An attempt that ran out of time, as ky reports it. */
export function isTimeoutError(error: unknown): error is TimeoutError {
  return error instanceof TimeoutError;
}
