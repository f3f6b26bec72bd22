import type { HTTPError, TimeoutError } from 'ky';

type KyModule = typeof import('ky');

/**
 * ky, loaded with the first request rather than when a client is imported. Evaluating ky probes
 * `Request`, and on Node that first touch loads the runtime's whole fetch implementation; the first
 * request needs it anyway. The same in every build (see bench/README.md for what it saves).
 */
let loaded: KyModule | undefined;
let loading: Promise<KyModule> | undefined;

/** ky's module, loaded once; every caller shares the one import. */
export function loadKy(): Promise<KyModule> {
  loading ??= import('ky').then((module) => (loaded = module));
  return loading;
}

/** An error answer, as ky reports it (asked only on ky's path, once ky is loaded). */
export function isHTTPError(error: unknown): error is HTTPError {
  return error instanceof loaded!.HTTPError;
}

/** An attempt that ran out of time, as ky reports it (asked only on ky's path). */
export function isTimeoutError(error: unknown): error is TimeoutError {
  return error instanceof loaded!.TimeoutError;
}
