import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { adminError } from './admin/problem';
import { ADMIN_BODY_LIMIT } from './admin/routes';
import { limitBody } from './body-limit';
import { corsPolicy } from './cors';
import { ConnectionFault } from './faults/connection-fault';
import type { FaultInjector } from './faults/injector';
import { faultStages } from './faults/stages';
import type { FaultWaits } from './faults/waits';
import { frontPage } from './front-page';
import type { InterfaceModule, ServerContext } from './interface';
import { ApiProblem } from './problem';
import { requestIds } from './request-id';
import type { TrafficCounter } from './traffic';
import { writeTransactions } from './write-transaction';

/** What the request pipeline is built from. */
export interface PipelineParts {
  context: ServerContext;
  modules: InterfaceModule[];
  faults: FaultInjector;
  waits: FaultWaits;
  /** The admin routes, when they are on. */
  admin: Hono | undefined;
  /** Counts the requests to the interfaces. */
  traffic: TrafficCounter;
}

/** One stage of the request pipeline: its name, why it sits where it does, and how it is mounted. */
export interface Stage {
  name: string;
  /** Why the stage sits where it does. */
  reason: string;
  mount(app: Hono): void;
}

function middleware(name: string, reason: string, handler: MiddlewareHandler): Stage {
  return { name, reason, mount: (app) => app.use('*', handler) };
}

/**
 * The request pipeline, outermost stage first: a request goes down the list and its answer comes
 * back up through every stage it passed. The error mapping is last in the list because Hono holds
 * it apart: it answers whatever any stage throws, and the requests no route takes.
 */
export function requestPipeline(parts: PipelineParts): Stage[] {
  const { context, modules, faults, waits, admin, traffic } = parts;
  // With non-strict routing Hono drops a trailing slash from c.req.path, so match on the real path.
  const pathOf = (c: Context) => new URL(c.req.url).pathname;
  const isAdmin = (path: string) => admin !== undefined && path.startsWith('/__admin');
  const moduleFor = (path: string) =>
    modules.find((module) => module.prefixes.some((prefix) => path.startsWith(prefix)));
  const problemResponse = (c: Context, problem: ApiProblem): Response => {
    const path = pathOf(c);
    if (isAdmin(path)) return adminError(c, problem);
    const module = moduleFor(path);
    if (module) return module.error(c, problem);
    return c.json(
      { error: { code: problem.status, message: problem.message } },
      problem.status as 400,
    );
  };
  const faultStage = faultStages({ faults, waits, problemResponse, pathOf });

  return [
    middleware(
      'answer faults',
      'outermost, so that what a fault garbles, empties, cuts or stalls is the answer as it would be sent, every header included',
      faultStage.breakAnswer,
    ),
    middleware(
      'traffic',
      'around the rest, so that a request counts as in flight from its arrival until its answer is made, however long a fault holds it',
      traffic.middleware,
    ),
    middleware(
      'request ids',
      'around all that follows, so that every answer carries its id, refusals and injected errors too, and the fault log can name it',
      requestIds((path) => moduleFor(path)?.requestIdHeader),
    ),
    middleware(
      'CORS',
      'above every refusal, so that a page can read refusals and injected errors too; it answers preflights before faults or routes see them',
      corsPolicy(),
    ),
    middleware(
      'interface conventions',
      "above faults and limits, so that their answers follow the interface's protocol as the handlers' do (WordPress's _fields, _envelope and Link)",
      (c, next) => {
        const conventions = moduleFor(pathOf(c))?.middleware;
        return conventions ? conventions(c, next) : next();
      },
    ),
    middleware(
      'injected faults',
      'before the body is read: a fault that answers instead of the handler changes nothing, and its latency comes before all the rest',
      faultStage.inject,
    ),
    middleware(
      'body limits',
      "before any route reads the body, credentials included: a body over the interface's limit is refused unparsed",
      limitBody((path) => (isAdmin(path) ? ADMIN_BODY_LIMIT : moduleFor(path)?.bodyLimit)),
    ),
    middleware(
      'write transactions',
      'right around the routes, so that a write whose answer is not a success is undone, whatever refused it',
      writeTransactions(moduleFor),
    ),
    {
      name: 'routes',
      reason:
        "the admin routes, the front page and each interface's operations; an operation authorizes the caller, checks its input, then runs its handler (operations/mount.ts)",
      mount(app) {
        if (admin) app.route('/', admin);
        app.get('/', (c) => frontPage(c, modules));
        for (const module of modules) app.route('/', module.routes);
      },
    },
    {
      name: 'error mapping',
      reason:
        "around every stage: any error thrown, and any request no route takes, is answered in the interface's own error format; a lost connection passes through to the transport",
      mount(app) {
        app.notFound((c) =>
          problemResponse(c, new ApiProblem(404, `No route for ${c.req.method} ${c.req.path}`)),
        );
        app.onError((error, c) => {
          if (error instanceof ConnectionFault) throw error;
          if (error instanceof ApiProblem) return problemResponse(c, error);
          if (error instanceof HTTPException && error.status < 500) {
            return problemResponse(c, new ApiProblem(error.status, error.message || 'Bad request'));
          }
          context.logError(`${c.req.method} ${c.req.path} failed`, error);
          return problemResponse(
            c,
            new ApiProblem(500, 'The reference server failed to handle this request'),
          );
        });
      },
    },
  ];
}

/** The app: the stages of the request pipeline, mounted in their order. */
export function createApp(parts: PipelineParts): Hono {
  const app = new Hono({ strict: false });
  for (const stage of requestPipeline(parts)) stage.mount(app);
  return app;
}
