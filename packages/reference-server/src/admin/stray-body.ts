import type { Context } from 'hono';
import { ApiProblem } from '../problem';
import type { AdminHandler, AdminOperation } from './table';

/** The fields of a JSON object body, or undefined for a body that is no JSON object. */
function fieldsOf(text: string): string[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return Object.keys(value);
    }
  } catch {
    // Not JSON: refused below as a body, with no fields to name.
  }
  return undefined;
}

/**
 * Refuses a body sent to an admin route that takes none, since whatever it asks for would be
 * ignored (`POST /__admin/reset` with `{"only": "docs"}` resets everything). An empty body and `{}`
 * ask for nothing and pass.
 */
async function refuseStrayBody(c: Context): Promise<void> {
  if (!c.req.raw.body) return;
  const text = new TextDecoder().decode(await c.req.arrayBuffer()).trim();
  if (text === '') return;
  const fields = fieldsOf(text);
  if (fields?.length === 0) return;
  const route = `${c.req.method} ${new URL(c.req.url).pathname}`;
  const named = fields
    ? `: unknown ${fields.length === 1 ? 'field' : 'fields'} ${fields.join(', ')}`
    : '';
  throw new ApiProblem(400, `${route} takes no body${named}`);
}

/**
 * The handlers, with those of operations that declare no body (JSON or raw) refusing one first;
 * the others have their body checked against its schema, whose objects are strict.
 */
export function refusingStrayBodies(
  operations: AdminOperation[],
  handlers: Record<string, AdminHandler>,
): Record<string, AdminHandler> {
  const wrapped = { ...handlers };
  for (const operation of operations) {
    const handler = handlers[operation.id];
    if (!handler || operation.body || operation.rawBody) continue;
    wrapped[operation.id] = async (c, principal, input) => {
      await refuseStrayBody(c);
      return handler(c, principal, input);
    };
  }
  return wrapped;
}
