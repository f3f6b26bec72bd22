import type { Context, MiddlewareHandler } from 'hono';
import { ApiProblem } from '../problem';
import { requestIdOf } from '../request-id';
import { type BreakingKind, brokenAnswer, proxyErrorPage } from './broken-answers';
import type { Injection } from './injection';
import { replacesAnswer } from './injection';
import type { FaultInjector } from './injector';
import { noAnswer } from './transport';

/** What the fault middlewares need from the app. */
export interface FaultMiddlewareDeps {
  faults: FaultInjector;
  /** The interface's own error answer for a problem. */
  problemResponse(c: Context, problem: ApiProblem): Response;
  /** The request's real path (a trailing slash kept). */
  pathOf(c: Context): string;
}

/** The two halves of fault injection, which sit at two places of the middleware pipeline. */
export interface FaultMiddlewares {
  /**
   * Decides what each request gets, waits the fault's latency, and answers instead of the handler
   * when the fault replaces the answer. It runs inside the interfaces' conventions, so that an
   * injected error carries them like a real one.
   */
  inject: MiddlewareHandler;
  /**
   * Breaks the finished answer (the handler's, with every convention applied), or marks it as a
   * lost connection, when the fault decided so: it runs outside everything but the request id, so
   * that what is cut is what would have been sent.
   */
  breakAnswer: MiddlewareHandler;
}

/** What the outer middleware must do to the finished answer. */
type Outcome = BreakingKind | 'drop' | 'reset';

function outcomeOf(injection: Injection): Outcome | undefined {
  switch (injection.kind) {
    case 'drop':
      return 'drop';
    case 'reset':
      return injection.when === 'mid-body' ? 'reset-mid-body' : 'reset';
    case 'truncate':
    case 'malformed':
    case 'stall':
    case 'empty':
      return injection.kind;
    default:
      return undefined;
  }
}

/** The error answer of a `status` or `html` fault. */
function errorAnswer(c: Context, injection: Injection, deps: FaultMiddlewareDeps): Response {
  const status = injection.status!;
  const response =
    injection.kind === 'html'
      ? proxyErrorPage(status)
      : deps.problemResponse(c, new ApiProblem(status, `Injected fault (status ${status})`));
  for (const [name, value] of injection.headers ?? []) response.headers.set(name, value);
  return response;
}

/** Swaps the answer without Hono carrying the old one's headers over: the new one has its own. */
function replaceAnswer(c: Context, response: Response): void {
  c.res = undefined;
  c.res = response;
}

/** The fault middlewares of an app: test control (`/__admin`) and preflights never get faults. */
export function faultMiddlewares(deps: FaultMiddlewareDeps): FaultMiddlewares {
  // Keyed by the context: the request object itself is replaced when its body is read.
  const outcomes = new WeakMap<Context, Outcome>();
  const inject: MiddlewareHandler = async (c, next) => {
    const path = deps.pathOf(c);
    if (c.req.method === 'OPTIONS' || path.startsWith('/__admin')) return next();
    const request = { method: c.req.method, path, requestId: requestIdOf(c) };
    const injection = deps.faults.inject(request);
    if (!injection) return next();
    if (injection.latencyMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, injection.latencyMs));
    }
    const outcome = outcomeOf(injection);
    if (outcome) outcomes.set(c, outcome);
    if (outcome === 'drop' || outcome === 'reset') return noAnswer(outcome);
    if (replacesAnswer(injection)) return errorAnswer(c, injection, deps);
    return next();
  };
  // A lost connection is marked again here, since a convention around the answer (WordPress's
  // _envelope) may have wrapped the mark into a body.
  const breakAnswer: MiddlewareHandler = async (c, next) => {
    await next();
    const outcome = outcomes.get(c);
    if (outcome === 'drop' || outcome === 'reset') replaceAnswer(c, noAnswer(outcome));
    else if (outcome) replaceAnswer(c, await brokenAnswer(c.res, outcome));
  };
  return { inject, breakAnswer };
}
