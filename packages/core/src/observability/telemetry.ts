/**
 * The way a telemetry integration (such as `@clientkit/core/opentelemetry`) watches a client: it
 * is told when each call starts, when each of its attempts is sent and how it ended, and how the call
 * ended. Core itself depends on no telemetry library.
 */

/** What a call is, for naming its spans and metrics. */
export interface CallInfo {
  /** The operation's public name, such as `docs.spaces.get`. */
  operation: string;
  method: string;
  /** The URL the call's paths are relative to. */
  baseUrl: string;
  /** The path template as an absolute path, such as `/v1/spaces/{spaceId}`. */
  urlTemplate: string;
}

/** How an attempt or a call ended: with a response (any status), or with an error and no response. */
export interface Outcome {
  response?: Response;
  error?: unknown;
}

/** Watches one call. */
export interface CallTelemetry {
  /**
   * An attempt is about to be sent (`resendCount` 0 for the first); headers set on `request` go
   * with it, such as trace context. Returns what to call when the attempt ends.
   */
  attempt(request: Request, resendCount: number): (outcome: Outcome) => void;
  /** The call is over: its last answer, or the error its caller receives. */
  end(outcome: Outcome): void;
}

/** A telemetry integration, given to a client as its `telemetry` option. */
export interface Telemetry {
  /** A call begins (before its first attempt); returns what to tell of its attempts and its end. */
  startCall(call: CallInfo): CallTelemetry;
}
