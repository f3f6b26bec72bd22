import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod/mini';
import { ApiProblem } from '../problem';

/** The one error body of every admin route: a sentence saying what was wrong. */
export const AdminErrorBody = z.object({ error: z.string() });

/** The admin error response for a problem. */
export function adminError(c: Context, problem: ApiProblem): Response {
  return c.json({ error: problem.message }, problem.status as ContentfulStatusCode);
}

/**
 * What an admin handler threw, as a problem. The control functions behind the admin routes throw
 * a plain error (most often a RangeError naming the field) for input they refuse, so anything but
 * an ApiProblem is the caller's mistake: a 400 with its message.
 */
export function adminProblemOf(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  return new ApiProblem(400, error instanceof Error ? error.message : String(error));
}
