/**
 * OpenTelemetry tracing for every clientkit client: `openTelemetry()` returns the `telemetry` option
 * that makes each call one INTERNAL span named after its operation, with one CLIENT span per attempt
 * under it, following the HTTP client semantic conventions. Import it from
 * `@clientkit/core/opentelemetry`; it needs `@opentelemetry/api`, which no other entry loads.
 *
 * @module
 */
import {
  type Attributes,
  type Context,
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapPropagator,
  type TextMapSetter,
  type Tracer,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import type { CallInfo, CallTelemetry, Outcome, Telemetry } from './observability/telemetry';
import { redactUrl } from './redaction/redact';
import { VERSION } from './version';

/** Where the spans go and how the trace context travels; each defaults to the global one. */
export interface OpenTelemetryOptions {
  /** The provider to get the tracer from (default: the global one, `trace.getTracerProvider()`). */
  tracerProvider?: TracerProvider | undefined;
  /** A tracer to use as it is, instead of one from `tracerProvider`. */
  tracer?: Tracer | undefined;
  /** Writes the trace context into each attempt's headers (default: the global propagator). */
  propagator?: TextMapPropagator | undefined;
}

/** The instrumentation scope of the spans. */
export const INSTRUMENTATION_NAME = '@clientkit/core';

const OPTION_NAMES = ['tracerProvider', 'tracer', 'propagator'];

/** The methods a span names as they are; any other is reported as `_OTHER`. */
const KNOWN_METHODS = new Set([
  'CONNECT',
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
  'TRACE',
]);

const headerSetter: TextMapSetter<Headers> = {
  set: (headers, name, value) => headers.set(name, value),
};

/**
 * Traces every call of a client with OpenTelemetry, for its `telemetry` option: one INTERNAL span
 * per call, named after the operation, and under it one CLIENT span per attempt, named
 * `{method} {url.template}` with the attributes of the HTTP client conventions. Each attempt
 * carries the trace context in its headers (`traceparent`, `tracestate`, `baggage`, as the
 * propagator writes them).
 *
 * @example
 * const docs = new DocsClient({ baseUrl, token, telemetry: openTelemetry() });
 */
export function openTelemetry(options: OpenTelemetryOptions = {}): Telemetry {
  checkOptions(options);
  const tracerOf = (): Tracer =>
    options.tracer ??
    (options.tracerProvider ?? trace.getTracerProvider()).getTracer(INSTRUMENTATION_NAME, VERSION);
  const propagator = options.propagator ?? propagation;
  return {
    startCall: (call) => traceCall(tracerOf(), propagator, call),
  };
}

function checkOptions(options: unknown): void {
  const problem =
    options === null || typeof options !== 'object'
      ? 'must be an object'
      : Object.keys(options)
          .filter((name) => !OPTION_NAMES.includes(name))
          .map((name) => `${name} is not an option`)
          .join(', ');
  if (problem) {
    throw new TypeError(
      `Invalid options of openTelemetry: ${problem} (known: ${OPTION_NAMES.join(', ')})`,
    );
  }
}

function traceCall(
  tracer: Tracer,
  propagator: Pick<TextMapPropagator, 'inject'>,
  call: CallInfo,
): CallTelemetry {
  // The caller's context: its span becomes the parent, its baggage travels with every attempt.
  const parent = context.active();
  const callSpan = tracer.startSpan(
    call.operation,
    { kind: SpanKind.INTERNAL, attributes: { 'clientkit.operation': call.operation } },
    parent,
  );
  const callContext = trace.setSpan(parent, callSpan);
  return {
    attempt(request, resendCount) {
      const span = startAttemptSpan(tracer, callContext, call, request, resendCount);
      propagator.inject(trace.setSpan(callContext, span), request.headers, headerSetter);
      return once((outcome) => endSpan(span, outcome, true));
    },
    end: once((outcome) => endSpan(callSpan, outcome, false)),
  };
}

function startAttemptSpan(
  tracer: Tracer,
  parent: Context,
  call: CallInfo,
  request: Request,
  resendCount: number,
): Span {
  const method = request.method.toUpperCase();
  const known = KNOWN_METHODS.has(method);
  const url = new URL(request.url);
  // Given at the start, as the conventions ask, so that samplers can decide on them.
  const attributes: Attributes = {
    'http.request.method': known ? method : '_OTHER',
    'server.address': url.hostname.replace(/^\[(.*)\]$/, '$1'),
    'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
    'url.full': redactUrl(url),
    'url.template': call.urlTemplate,
  };
  if (!known) attributes['http.request.method_original'] = request.method;
  if (resendCount > 0) attributes['http.request.resend_count'] = resendCount;
  const name = `${known ? method : 'HTTP'} ${call.urlTemplate}`;
  return tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, parent);
}

/**
 * Records how an attempt (`http`) or a call ended. The status stays unset on success; a failure
 * sets `error.type` and the ERROR status. No message is recorded: the messages of the runtime's
 * errors may quote the URL with its secrets.
 */
function endSpan(span: Span, outcome: Outcome, http: boolean): void {
  if (http && outcome.response) {
    span.setAttribute('http.response.status_code', outcome.response.status);
  }
  const type = errorTypeOf(outcome);
  if (type !== undefined) {
    span.setAttribute('error.type', type);
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/**
 * The `error.type` of an outcome, or undefined for a success: an error status as its number; with
 * no response, the runtime's error code (`ECONNREFUSED`, `UND_ERR_SOCKET`), `timeout`, or the
 * error's class name (`APIUserAbortError`, a hook's own error), and `_OTHER` when it has none.
 */
function errorTypeOf(outcome: Outcome): string | undefined {
  if (outcome.response) {
    return outcome.response.status >= 400 ? String(outcome.response.status) : undefined;
  }
  if (!('error' in outcome)) return undefined;
  const { error } = outcome;
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400) return String(status);
  return codeOf(error) ?? (isTimeout(error) ? 'timeout' : nameOf(error)) ?? '_OTHER';
}

/** A code such as `ECONNREFUSED`, on the error or along its causes (fetch wraps the system's). */
function codeOf(error: unknown): string | undefined {
  for (const link of causes(error)) {
    const { code } = link as { code?: unknown };
    if (typeof code === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(code)) return code;
  }
  return undefined;
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'APITimeoutError';
}

/** The first class name along the causes that says more than `Error`. */
function nameOf(error: unknown): string | undefined {
  for (const link of causes(error)) {
    const { name } = link as { name?: unknown };
    if (typeof name === 'string' && name !== '' && name !== 'Error') return name;
  }
  return undefined;
}

/** The error and its causes, outermost first, a few deep. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let link = error; link !== null && typeof link === 'object'; ) {
    if (chain.length === 5 || chain.includes(link)) break;
    chain.push(link);
    link = (link as { cause?: unknown }).cause;
  }
  return chain;
}

/** Ends a span once, however often the transport reports the end. */
function once(end: (outcome: Outcome) => void): (outcome: Outcome) => void {
  let ended = false;
  return (outcome) => {
    if (ended) return;
    ended = true;
    end(outcome);
  };
}
