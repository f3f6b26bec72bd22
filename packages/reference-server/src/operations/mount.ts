import { Hono } from 'hono';
import type { InterfaceDescription } from './interface-description';
import type { OperationHandler } from './operation';
import { checkRequest } from './validation';

/** The router's form of an operation path: `{id}` becomes `:id`, with its pattern when it has one. */
export function routerPath(
  description: Pick<InterfaceDescription<unknown, unknown>, 'base' | 'pathParameters'>,
  path: string,
): string {
  const pattern = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const constraint = description.pathParameters?.[name]?.pattern;
    return constraint ? `:${name}{${constraint}}` : `:${name}`;
  });
  return `${description.base}${pattern === '/' ? '' : pattern}`;
}

/**
 * The routes of an interface, one per operation of its table: each request is authorized, then
 * its declared input is checked, then its handler runs. An operation without a handler, or a
 * handler without an operation, is refused when the server starts.
 */
export function mountOperations<Auth, Principal>(
  description: InterfaceDescription<Auth, Principal>,
  // Each handler's input is typed by its own operation (see HandlersOf); here they are one kind.
  // biome-ignore lint/suspicious/noExplicitAny: handlers of different operations take different inputs.
  handlers: Record<string, OperationHandler<Principal, any>>,
): Hono {
  const app = new Hono({ strict: false });
  const declared = new Set(description.operations.map((operation) => operation.id));
  const stray = Object.keys(handlers).find((id) => !declared.has(id));
  if (stray) throw new Error(`${description.title}: the handler ${stray} has no operation`);
  for (const operation of description.operations) {
    const handler = handlers[operation.id];
    if (!handler) throw new Error(`${description.title}: no handler for ${operation.id}`);
    app.on(operation.methods, routerPath(description, operation.path), async (c) => {
      const principal = await description.authorize(c, operation);
      const input = await checkRequest(c, operation, description.checks);
      return handler(c, principal, input);
    });
  }
  return app;
}
