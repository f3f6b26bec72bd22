import { Hono } from 'hono';
import { type Operation, routerPath } from '../operations';
import type { ContractTable } from './contract-tables';
import { requestIssues } from './request-issues';
import type { FieldIssue } from './violation';

/** The operation a request calls, and what the request breaks of its contract. */
export interface OperationMatch {
  table: ContractTable;
  operation: Operation<unknown>;
  issues: FieldIssue[];
}

/** Where a route of the matcher leaves what it found. */
interface Found {
  checkBody: boolean;
  match?: OperationMatch;
}

/**
 * Finds the operation of a request with the routes the server mounts (each operation's methods and
 * path, its path parameters' patterns), and checks the request as the server would before its
 * handler. With `checkBody` false (a body too large to keep), the body is not looked at.
 */
export function operationMatcher(
  tables: ContractTable[],
): (request: Request, checkBody: boolean) => Promise<OperationMatch | undefined> {
  const app = new Hono<{ Bindings: Found }>({ strict: false });
  for (const table of tables) {
    const { description } = table;
    for (const operation of description.operations) {
      app.on(operation.methods, routerPath(description, operation.path), async (c) => {
        const issues = await requestIssues(c, operation, description.checks, c.env.checkBody);
        c.env.match = { table, operation, issues };
        return c.body(null, 204);
      });
    }
  }
  return async (request, checkBody) => {
    const found: Found = { checkBody };
    await app.fetch(request, found);
    return found.match;
  };
}
