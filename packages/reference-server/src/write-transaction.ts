import type { MiddlewareHandler } from 'hono';
import type { InterfaceModule } from './interface';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Makes each write to an interface that can take a snapshot all or nothing: the state is kept
 * before the write and put back unless the answer is a success (2xx or 3xx), so a refusal or a
 * failure half-way (an answer that cannot be serialized, a crash) leaves nothing behind. Writes to
 * one interface run one at a time, so that putting the state back never undoes another write.
 */
export function writeTransactions(
  moduleFor: (path: string) => InterfaceModule | undefined,
): MiddlewareHandler {
  const queues = new Map<InterfaceModule, Promise<unknown>>();
  return async (c, next) => {
    const module = moduleFor(new URL(c.req.url).pathname);
    if (!module?.snapshot || !writeMethods.has(c.req.method)) return next();
    const previous = queues.get(module) ?? Promise.resolve();
    const turn = previous.then(async () => {
      const restore = module.snapshot!();
      try {
        await next();
      } finally {
        if (c.error !== undefined || c.res.status >= 400) restore();
      }
    });
    queues.set(
      module,
      turn.catch(() => undefined),
    );
    await turn;
  };
}
