import type { Context } from 'hono';
import { ApiProblem } from '../../problem';
import { issuerOf } from './discovery';
import { notesOf } from './notes';
import type { Caller, TokenService } from './tokens';

/**
 * The caller of a request whose bearer token is valid (issued for the origin the request came to)
 * and grants `scope` (when one is needed): 401 `invalid_token` otherwise, or 403
 * `insufficient_scope` naming the scope it lacks.
 */
export async function authorizeBearer(
  c: Context,
  tokens: TokenService,
  scope: string | undefined,
): Promise<Caller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  if (!match) {
    throw new ApiProblem(
      401,
      'Missing authentication: send Authorization: Bearer <access token>',
      'invalid_token',
    );
  }
  const caller = await tokens.verify(match[1]!, issuerOf(c.req.url));
  if (caller.clientId) notesOf(c).clientId = caller.clientId;
  if (scope && !caller.scopes.includes(scope)) {
    throw new ApiProblem(
      403,
      `Insufficient scope, expected any of: ${scope}`,
      'insufficient_scope',
    );
  }
  return caller;
}
