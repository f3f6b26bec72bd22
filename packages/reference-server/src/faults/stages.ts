import type { Context, MiddlewareHandler } from 'hono';
import { ApiProblem } from '../problem';
import { requestIdOf } from '../request-id';
import { answerToCut, type BreakingKind, brokenAnswer, proxyErrorPage } from './broken-answers';
import { ConnectionFault, type CutAnswer } from './connection-fault';
import { type Injection, replacesAnswer } from './injection';
import type { FaultInjector } from './injector';
import type { FaultWaits } from './waits';

/** What the fault stages need from the app. */
export interface FaultStageDeps {
  faults: FaultInjector;
  /** Where the waits faults start are kept, so that the server's closing ends them. */
  waits: FaultWaits;
  /** The interface's own error answer for a problem. */
  problemResponse(c: Context, problem: ApiProblem): Response;
  /** The request's real path (a trailing slash kept). */
  pathOf(c: Context): string;
}

/** The two halves of fault injection, which sit at two places of the request pipeline. */
export interface FaultStages {
  /**
   * Decides what each request gets, waits the fault's latency, and then answers instead of the
   * handler, loses the connection (throws a `ConnectionFault`), or lets the request go on.
   */
  inject: MiddlewareHandler;
  /**
   * Breaks the finished answer when the fault decided so: garbles or empties it, or throws it,
   * whole, in a `ConnectionFault` for the transport to cut or stall.
   */
  breakAnswer: MiddlewareHandler;
}

/** What happens to the handler's finished answer. */
type Breaking = BreakingKind | CutAnswer['kind'];

function breakingOf(injection: Injection): Breaking | undefined {
  switch (injection.kind) {
    case 'reset':
      return injection.when === 'mid-body' ? 'reset-mid-body' : undefined;
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
function errorAnswer(c: Context, injection: Injection, deps: FaultStageDeps): Response {
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

/** The fault stages of an app: test control (`/__admin`) and preflights never get faults. */
export function faultStages(deps: FaultStageDeps): FaultStages {
  // Keyed by the context: the request object itself is replaced when its body is read.
  const breakings = new WeakMap<Context, Breaking>();
  const inject: MiddlewareHandler = async (c, next) => {
    const path = deps.pathOf(c);
    if (c.req.method === 'OPTIONS' || path.startsWith('/__admin')) return next();
    const request = { method: c.req.method, path, requestId: requestIdOf(c) };
    const injection = deps.faults.inject(request);
    if (!injection) return next();
    if (
      injection.latencyMs > 0 &&
      !(await deps.waits.delay(injection.latencyMs, c.req.raw.signal))
    ) {
      // The client gave up, or the server is closing: the exchange ends here, unanswered.
      throw new ConnectionFault({ kind: 'drop' });
    }
    if (injection.kind === 'drop') throw new ConnectionFault({ kind: 'drop' });
    if (injection.kind === 'reset' && injection.when !== 'mid-body') {
      throw new ConnectionFault({ kind: 'reset' });
    }
    if (replacesAnswer(injection)) return errorAnswer(c, injection, deps);
    const breaking = breakingOf(injection);
    if (breaking) breakings.set(c, breaking);
    return next();
  };
  const breakAnswer: MiddlewareHandler = async (c, next) => {
    await next();
    const breaking = breakings.get(c);
    if (breaking === undefined) return;
    if (breaking === 'malformed' || breaking === 'empty') {
      replaceAnswer(c, await brokenAnswer(c.res, breaking));
      return;
    }
    throw new ConnectionFault({ kind: breaking, answer: await answerToCut(c.res, c.req.method) });
  };
  return { inject, breakAnswer };
}
