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
   * Breaks the finished answer (the handler's, with every convention applied) when the fault
   * decided so: it runs outside everything but the request id, so that what is cut is what would
   * have been sent.
   */
  breakAnswer: MiddlewareHandler;
}

function breakingKindOf(injection: Injection): BreakingKind | undefined {
  switch (injection.kind) {
    case 'reset':
      return 'reset-mid-body';
    case 'truncate':
    case 'malformed':
    case 'stall':
    case 'empty':
      return injection.kind;
    default:
      return undefined;
  }
}

function replacement(c: Context, injection: Injection, deps: FaultMiddlewareDeps): Response {
  if (injection.kind === 'drop') return noAnswer('drop');
  if (injection.kind === 'reset') return noAnswer('reset');
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
  const breaking = new WeakMap<Context, BreakingKind>();
  const inject: MiddlewareHandler = async (c, next) => {
    const path = deps.pathOf(c);
    if (c.req.method === 'OPTIONS' || path.startsWith('/__admin')) return next();
    const request = { method: c.req.method, path, requestId: requestIdOf(c) };
    const injection = deps.faults.inject(request);
    if (!injection) return next();
    if (injection.latencyMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, injection.latencyMs));
    }
    if (replacesAnswer(injection)) return replacement(c, injection, deps);
    const kind = breakingKindOf(injection);
    if (kind) breaking.set(c, kind);
    return next();
  };
  const breakAnswer: MiddlewareHandler = async (c, next) => {
    await next();
    const kind = breaking.get(c);
    if (kind) replaceAnswer(c, await brokenAnswer(c.res, kind));
  };
  return { inject, breakAnswer };
}
