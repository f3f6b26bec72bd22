import type { Context } from 'hono';
import type { Operation, RequestChecks } from '../operations';
import { ApiProblem } from '../problem';
import { type FieldIssue, fieldPath } from './violation';

/**
 * What a request breaks of its operation's contract, found by the checks the server runs before a
 * handler (the interface's own reading of queries, forms and JSON bodies), each part checked even
 * when another failed, each field named. Without `withBody` (a body too large to keep), only the
 * query is.
 */
export async function requestIssues(
  c: Context,
  operation: Operation<unknown>,
  checks: RequestChecks,
  withBody: boolean,
): Promise<FieldIssue[]> {
  const { query, body } = operation;
  const issues: FieldIssue[] = [];
  if (!body && withBody) issues.push(...(await issuesOf('body', () => checks.unexpectedBody?.(c))));
  if (query) issues.push(...(await issuesOf('query', () => checks.query(c, query))));
  if (body && withBody) {
    const required = operation.requiredBody ?? [];
    issues.push(...(await issuesOf('body', () => checks.body(c, body, required))));
  }
  return issues;
}

/**
 * The fields a refusal names (`details.params`: a rule by field path, or the names of missing
 * fields), or the refusal's message for the part as a whole.
 */
async function issuesOf(part: 'query' | 'body', check: () => unknown): Promise<FieldIssue[]> {
  try {
    await check();
    return [];
  } catch (error) {
    const params = error instanceof ApiProblem ? error.details?.params : undefined;
    if (Array.isArray(params)) {
      return params.map((name) => ({ field: fieldPath(part, String(name)), rule: 'is required' }));
    }
    if (params && typeof params === 'object') {
      return Object.entries(params).map(([path, rule]) => ({
        field: fieldPath(part, path),
        rule: String(rule),
      }));
    }
    return [{ field: part, rule: error instanceof Error ? error.message : String(error) }];
  }
}
