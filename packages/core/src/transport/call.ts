import type { Auth } from '../auth/auth';
import type { Answer } from '../client/api-promise';
import type { HttpMethod } from '../contract/operation';
import type { RequestOptions } from '../options/options';
import type { RetryPolicy } from '../retry/policy';
import type { Sender } from './sender';

/** One request, as the client's door hands it over: checked, serialised and ready to send. */
export interface Call {
  /** The operation's public name, such as `docs.spaces.get`. */
  operation: string;
  /** The path template relative to the base URL, such as `spaces/{spaceId}`. */
  pathTemplate: string;
  method: HttpMethod;
  /** The filled path relative to the base URL, with its query string. */
  path: string;
  /** The JSON text of the body. */
  body?: string | undefined;
  /** Whether a success must carry a body that parses as JSON (the operation declares one). */
  expectsBody?: boolean | undefined;
  /** The caller's options of this request. */
  options: RequestOptions;
  /** The retry policy of this request. */
  retry: RetryPolicy;
  /** Per-attempt timeout in ms, or false for none. */
  timeout: number | false;
  /** Credentials instead of the client's; `null` sends none. */
  auth?: Auth | null | undefined;
  /** Another base URL than the client's (metering's stream host). */
  url?: string | undefined;
  /** Logs the call's outcome; undefined when the client logs nothing. */
  log?: CallLog | undefined;
  /**
   * Sends the attempts instead of ky (metering's stream on Node); used only when the application
   * gave neither a `fetch` nor hooks, which only ky's path honours.
   */
  sender?: Sender | undefined;
  /** Told before each retry of the call, with its number (1 for the first). */
  onRetry?: ((retryCount: number) => void) | undefined;
  /**
   * Checks the answer before the call counts as done (`validateResponses`). What it throws is the
   * call's outcome for the log and the telemetry, as it is for the caller.
   */
  check?: ((answer: Answer<unknown>) => Answer<unknown>) | undefined;
}

/** What a client writes of its calls, each line with the operation and no secret. */
export interface CallLog {
  /** The call got its answer, after `attempts` attempts; `data` is its parsed body, if read. */
  completed(
    call: Call,
    response: Response,
    attempts: number,
    durationMs: number,
    data?: unknown,
  ): void;
  /** The call failed with `error`, which its caller receives. */
  failed(call: Call, error: unknown, attempts: number, durationMs: number): void;
  /** The call is sent again after `error`; `retryCount` counts the retries so far. */
  retrying(call: Call, error: Error, retryCount: number): void;
}
