import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { adminError } from './admin/problem';
import { ADMIN_BODY_LIMIT } from './admin/routes';
import { limitBody } from './body-limit';
import { corsPolicy } from './cors';
import type { FaultInjector } from './faults/injector';
import { faultMiddlewares } from './faults/middleware';
import type { InterfaceModule, ServerContext } from './interface';
import { ApiProblem } from './problem';
import { requestIds } from './request-id';
import { writeTransactions } from './write-transaction';

/**
 * The site's front page: where each interface lives, with the Link headers the interfaces
 * announce there (WordPress's REST root, which discovery clients look for).
 */
function frontPage(c: Context, modules: InterfaceModule[]): Response {
  const origin = new URL(c.req.url).origin;
  for (const module of modules) {
    for (const link of module.frontPageLinks?.(origin) ?? [])
      c.header('Link', link, { append: true });
  }
  const items = modules
    .map(
      (module) =>
        `<li>${module.name}: <code>${module.prefixes.join('</code>, <code>')}</code></li>`,
    )
    .join('');
  return c.html(
    `<!doctype html><title>clientkit reference server</title><h1>clientkit reference server</h1><ul>${items}</ul>`,
  );
}

/** Mounts the interfaces on one origin, with request ids, CORS, injected faults and error bodies. */
export function createApp(
  context: ServerContext,
  modules: InterfaceModule[],
  injector: FaultInjector,
  admin: Hono | undefined,
): Hono {
  const app = new Hono({ strict: false });
  // With non-strict routing Hono drops a trailing slash from c.req.path, so match on the real path.
  const pathOf = (c: Context) => new URL(c.req.url).pathname;
  const moduleFor = (path: string) =>
    modules.find((module) => module.prefixes.some((prefix) => path.startsWith(prefix)));

  const problemResponse = (c: Context, problem: ApiProblem): Response => {
    const path = pathOf(c);
    if (admin && path.startsWith('/__admin')) return adminError(c, problem);
    const module = moduleFor(path);
    if (module) return module.error(c, problem);
    return c.json(
      { error: { code: problem.status, message: problem.message } },
      problem.status as 400,
    );
  };

  const faults = faultMiddlewares({ faults: injector, problemResponse, pathOf });
  app.use(
    '*',
    requestIds((path) => moduleFor(path)?.requestIdHeader),
  );
  app.use('*', faults.breakAnswer);
  app.use('*', corsPolicy());
  app.use('*', (c, next) => {
    const middleware = moduleFor(pathOf(c))?.middleware;
    return middleware ? middleware(c, next) : next();
  });

  app.use('*', faults.inject);

  // Each interface's body limit at its mount point, before any of its routes reads the body.
  app.use(
    '*',
    limitBody((path) =>
      admin && path.startsWith('/__admin') ? ADMIN_BODY_LIMIT : moduleFor(path)?.bodyLimit,
    ),
  );

  app.use('*', writeTransactions(moduleFor));

  if (admin) app.route('/', admin);
  app.get('/', (c) => frontPage(c, modules));
  for (const module of modules) app.route('/', module.routes);

  app.notFound((c) =>
    problemResponse(c, new ApiProblem(404, `No route for ${c.req.method} ${c.req.path}`)),
  );
  app.onError((error, c) => {
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
  return app;
}
