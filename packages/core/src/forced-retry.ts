import { loadKy } from './transport/ky';
import { requestedWaitMs } from './transport/requested-wait';
import { backoffMs, mayRepeat } from './transport/retry-policy';
import type { Call } from './transport/transport';

type Hook = (...args: never[]) => unknown;

/** The class of what `ky.retry()` returns, which ky does not export. */
type RetryMarkerClass = abstract new (...args: never[]) => unknown;

/**
 * The caller's `afterResponse` hooks, each made to follow the same rules as any retry when it forces
 * one (`ky.retry()`): only on a method the answer allows, after the backoff unless it names a delay,
 * and never waiting less than the server asked or more than `maxRetryAfter`.
 */
export async function guardForcedRetries(call: Call, hooks: Hook[]): Promise<Hook[]> {
  const ky = await loadKy();
  const RetryMarker = ky.default.retry().constructor as RetryMarkerClass;
  return hooks.map(
    (hook) =>
      (async (request: Request, options: unknown, response: Response, state: unknown) => {
        const result = await (hook as (...args: unknown[]) => unknown)(
          request,
          options,
          response,
          state,
        );
        if (!(result instanceof RetryMarker)) return result;
        const failure = {
          kind: 'status',
          status: response.status,
          headers: response.headers,
        } as const;
        if (!mayRepeat(call.retry, call.method, failure)) return undefined;
        const requested = requestedWaitMs(response.status, response.headers);
        const cap = call.retry.maxRetryAfter;
        if (requested !== undefined && requested > cap) return undefined;
        const asked = (result as { options?: { delay?: number; request?: Request } }).options;
        const retryCount = ((state as { retryCount?: number } | undefined)?.retryCount ?? 0) + 1;
        const chosen = asked?.delay ?? requested ?? backoffMs(call.retry, retryCount);
        const wait = Math.min(Math.max(chosen, requested ?? 0), cap);
        return ky.default.retry({ ...asked, delay: wait });
      }) as Hook,
  );
}
