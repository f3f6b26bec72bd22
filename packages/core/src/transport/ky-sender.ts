import ky, {
  type ForceRetryError,
  isForceRetryError,
  isHTTPError,
  type KyInstance,
  type Options,
} from 'ky';
import {
  type HookContext,
  type HookOptions,
  type HookState,
  isForcedRetryRequest,
  stopRetrying,
  type TransportHooks,
} from '../options/hooks';
import { redactUrl } from '../redaction/redact';
import { hasNoBody } from './body';
import { ConnectionFailure, ForcedRetry, RefusedRedirect, ResponseTooLarge } from './failure';
import { limitedBodyText } from './limited-body';
import type { AttemptRequest, ReceivedResponse, Sender } from './sender';

type Hook = (...args: never[]) => unknown;

/**
 * A ky instance whose `fetch` marks the runtime's own rejections as `ConnectionFailure`, so that
 * they are told apart from errors of hooks. `fetchOf` is read for every attempt, so a fetch replaced
 * after the client was built (by a test tool) is used.
 */
export function kyInstance(fetchOf: () => typeof fetch): KyInstance {
  return ky.create({
    fetch: (input, init) => {
      const request = input as Request;
      // A signal that fired between the call and this attempt: nothing is handed to fetch.
      if (request.signal.aborted) {
        return Promise.reject(new ConnectionFailure(request.url, request.signal.reason));
      }
      return fetchOf()(request, init).catch((error: unknown) => {
        throw new ConnectionFailure(request.url, error);
      });
    },
  });
}

/** What decides how one call's attempts travel. */
export interface SenderChoice {
  /** The client's ky instance (see `kyInstance`). */
  ky: KyInstance;
  /** The client's hooks and the request's. */
  hooks: { client: TransportHooks | undefined; request: TransportHooks | undefined };
  /** The client's own sender for this call, if it has one (metering's stream on Node). */
  own: Sender | undefined;
  /** Whether the application gave a `fetch`, which only ky's path honours. */
  fetchGiven: boolean;
  /** What hooks find in `options.context`: the caller's keys, the operation and its path template. */
  context: () => HookContext;
}

/**
 * The call's own sender, unless the application gave what only ky's path honours (a `fetch`, or
 * hooks); otherwise ky, with the application's hooks.
 */
export function senderFor(choice: SenderChoice): Sender {
  const { client, request } = choice.hooks;
  if (choice.own && !choice.fetchGiven && !client && !request) return choice.own;
  const hooks = mergedHooks(client, request);
  return kySender(choice.ky, hooks, hooks && choice.context());
}

const hookNames = ['beforeRequest', 'beforeRetry', 'beforeError', 'afterResponse'] as const;

/**
 * The client's hooks, then the request's; a request list set to `undefined` empties the client's,
 * as ky does. Undefined when the application gave none.
 */
function mergedHooks(
  own: TransportHooks | undefined,
  request: TransportHooks | undefined,
): TransportHooks | undefined {
  if (!own && !request) return undefined;
  const hooks: TransportHooks = {};
  for (const name of hookNames) {
    const requested = request?.[name];
    const emptied = request !== undefined && Object.hasOwn(request, name) && !requested;
    const list = emptied ? [] : [...(own?.[name] ?? []), ...(requested ?? [])];
    (hooks as Record<string, unknown[]>)[name] = list;
  }
  return hooks;
}

/**
 * The sender of one call's attempts through ky, which builds each request and runs the
 * application's hooks on it. ky does not retry (the transport's loop does): every attempt is one ky
 * request, and hooks are told the loop's retry count. ky's own timeout is off: the attempt's signal
 * ends it, body included.
 *
 * Beyond the application's hooks, ky's hooks announce each attempt to the telemetry (after the
 * application's `beforeRequest` hooks), remember the request and options of the last attempt (for
 * `beforeRetry`), and keep the answer `afterResponse` hooks are given, on which a forced retry is
 * judged.
 */
export function kySender(
  instance: KyInstance,
  hooks: TransportHooks | undefined,
  context: HookContext | undefined,
): Sender {
  let attempt: AttemptRequest;
  let sent: { request: Request; options: HookOptions };
  let answer: Response | undefined;
  const given = hooks ?? {};
  const withState = (list: Hook[] = []) =>
    list.map(
      (hook) =>
        (...args: unknown[]) =>
          (hook as (...args: unknown[]) => unknown)(...args.slice(0, -1), {
            retryCount: attempt.retryCount,
          } satisfies HookState),
    );
  // clientkit's `forceRetry()` becomes ky's, which ky turns into the error the loop judges.
  const afterResponse = withState(given.afterResponse).map((hook) => async (...args: unknown[]) => {
    const result = await hook(...args);
    return isForcedRetryRequest(result) ? ky.retry({ delay: result.delay }) : result;
  });
  const kyHooks = {
    beforeRequest: [
      ...withState(given.beforeRequest),
      (request: Request, options: HookOptions) => {
        sent = { request, options };
        attempt.announce?.(request);
      },
    ],
    afterResponse: afterResponse.length > 0 ? [keepAnswer, ...afterResponse] : [],
    beforeError: withState(given.beforeError),
  } as TransportHooks;
  function keepAnswer(_request: Request, _options: HookOptions, response: Response) {
    answer = response.clone();
  }
  /** ky's forced retry, with the answer it was forced on, read now. */
  async function forcedRetry(error: ForceRetryError): Promise<ForcedRetry> {
    if (error.customRequest) {
      throw new TypeError(
        'clientkit: ky.retry({ request }) is not supported; change the request in a beforeRequest hook',
      );
    }
    const forcedOn = answer!;
    answer = undefined;
    return new ForcedRetry(error, error.customDelay, await receivedOf(forcedOn, attempt));
  }
  return {
    async send(next) {
      attempt = next;
      const options: Options = {
        method: next.method,
        headers: next.headers,
        body: next.body,
        signal: next.signal,
        // The transport decides which redirects to follow (see `sendFollowingRedirects`).
        redirect: 'manual',
        retry: 0,
        timeout: false,
      };
      // Without hooks or a telemetry, ky runs none.
      if (hooks || next.announce) Object.assign(options, { hooks: kyHooks, context });
      let response: Response;
      try {
        response = await instance(next.url, options);
      } catch (error) {
        if (isForceRetryError(error)) throw await forcedRetry(error);
        if (!isHTTPError(error)) throw error;
        response = error.response;
      } finally {
        // An answer kept for a forced retry that did not come is let go.
        void answer?.body?.cancel().catch(() => undefined);
        answer = undefined;
      }
      return receivedOf(response, next);
    },
    async beforeRetry(error, retryCount) {
      for (const hook of hooks?.beforeRetry ?? []) {
        const result = await hook({ ...sent, error, retryCount });
        if (result === stopRetrying || result === ky.stop) return false;
      }
      return true;
    },
  };
}

/** A response of ky's, its body read now (within the attempt's signal and size limit). */
async function receivedOf(response: Response, attempt: AttemptRequest): Promise<ReceivedResponse> {
  const url = response.url || attempt.url;
  refuseRedirected(response, attempt);
  let text = '';
  if (hasNoBody(response.status, attempt.method)) {
    await response.body?.cancel();
  } else {
    try {
      text = await limitedBodyText(response, url, attempt.signal, attempt.maxResponseBytes);
    } catch (error) {
      if (error instanceof ResponseTooLarge) throw error;
      throw new ConnectionFailure(url, error, response);
    }
  }
  return {
    status: response.status,
    statusText: response.statusText,
    url,
    contentType: response.headers.get('content-type'),
    text,
    headers: () => response.headers,
    response: () => response,
  };
}

/**
 * Refuses what `redirect: 'manual'` gives where core cannot judge the redirect itself: a
 * browser's opaque redirect (no status, no `Location` to read), and an answer a fetch of the
 * application's own reached by following a redirect anyway, unless it stayed on the origin of a GET
 * or HEAD.
 */
function refuseRedirected(response: Response, attempt: AttemptRequest): void {
  if (response.type === 'opaqueredirect') {
    void response.body?.cancel().catch(() => undefined);
    throw new RefusedRedirect('is opaque: this runtime hides where it points', attempt.url, {
      status: 0,
      headers: new Headers(),
    });
  }
  if (!response.redirected || !response.url) return;
  const from = new URL(attempt.url).origin;
  const to = new URL(response.url);
  const read = attempt.method === 'GET' || attempt.method === 'HEAD';
  if (to.origin === from && read) return;
  void response.body?.cancel().catch(() => undefined);
  throw new RefusedRedirect(
    `came from ${redactUrl(to.href)} through a redirect the given fetch followed${to.origin === from ? '' : `, away from ${from}`}: not used`,
    attempt.url,
    response,
  );
}
