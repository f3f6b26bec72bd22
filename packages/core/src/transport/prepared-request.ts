import type { Auth } from '../auth/auth';
import type { HttpMethod } from '../contract/operation';
import type { ErrorBodyMapper } from '../errors/errors';
import type { CallLog } from '../observability/call-log';
import type { Telemetry } from '../observability/telemetry';
import type { AttemptGate, FleetLog, ThrottleOptions } from '../options/coordination';
import type { RequestOptions } from '../options/options';
import type { SecretValues } from '../redaction/secret-values';
import type { RetryPolicy } from '../retry/policy';
import type { Sender } from './sender';

/**
 * One call, described whole before its first attempt and never changed afterwards: what to send,
 * where, with which rules, and who hears of it. The client's door builds it; `send` carries it out.
 */
export interface PreparedRequest {
  /** The operation's public name, such as `docs.spaces.get`. */
  readonly operation: string;
  /** The path template relative to the base URL, such as `spaces/{spaceId}`. */
  readonly pathTemplate: string;
  readonly method: HttpMethod;
  /** The URL the call's paths are relative to, ending with `/`. */
  readonly baseUrl: string;
  /** The filled path relative to the base URL, with its query. */
  readonly path: string;
  /** The absolute URL: `baseUrl` and `path`. */
  readonly url: string;
  /**
   * Every header of each attempt but the credentials, names in lower case: the client's, the
   * request's, the body's content type, `Idempotency-Key` and any the interface adds.
   */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON text of the body. */
  readonly body: string | undefined;
  /** Whether a success must carry a body that parses as JSON (the operation declares one). */
  readonly expectsBody: boolean;
  /** Per-attempt timeout in ms, or false for none. */
  readonly timeout: number | false;
  /** The largest answer read, in bytes after any decompression. */
  readonly maxResponseBytes: number;
  readonly retry: RetryPolicy;
  /** The caller's signal. */
  readonly signal: AbortSignal | undefined;
  /** Asked for the credentials before every attempt; undefined sends none. */
  readonly auth: Auth | undefined;
  /** How the attempts travel: ky, or the client's own way on some runtime. */
  readonly sender: Sender;
  /** The client's secrets by value, scrubbed from every error the call builds. */
  readonly secrets: SecretValues;
  /** Reads `code` and `message` out of the interface's error body. */
  readonly errorFields: ErrorBodyMapper | undefined;
  /** The caller's request options, as given (the log reads `extraBody` and `extraQuery`). */
  readonly options: RequestOptions;
  /**
   * Checks the data of a success before the call counts as done (`validateResponses`): what it
   * throws is the call's outcome for the log and the telemetry, as for the caller.
   */
  readonly check: ((data: unknown, headers: Headers) => unknown) | undefined;
  /** Where the call's outcome is logged; undefined when the client logs nothing. */
  readonly log: CallLog | undefined;
  readonly telemetry: Telemetry | undefined;
  /** Told before each retry of the call, with its number (1 for the first). */
  readonly onRetry: ((retryCount: number) => void) | undefined;
  /**
   * What gives each attempt its turn, for a client with a `coordination` or a `throttle`:
   * undefined for one with neither, whose attempts go at once.
   */
  readonly fleet: Fleet | undefined;
}

/** A client's place in its fleet (or its own throttle), the same for all its calls. */
export interface Fleet {
  readonly gate: AttemptGate;
  readonly throttle: ThrottleOptions | undefined;
  /** Where the coordination writes its warnings and waits, at the client's level. */
  readonly log: FleetLog;
}
