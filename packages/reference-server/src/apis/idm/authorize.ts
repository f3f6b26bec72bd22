import { requiredScope } from '@clientkit/idm-client';
import type { MiddlewareHandler } from 'hono';
import { ApiProblem } from '../../problem';
import { notesOf } from './notes';
import type { TokenService } from './tokens';

/**
 * Lets a request through when its bearer token is valid and grants the scope of its method and
 * resource: 401 `invalid_token` otherwise, or 403 `insufficient_scope` naming the scope it lacks.
 */
export function authorize(tokens: TokenService): MiddlewareHandler {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (!match) {
      throw new ApiProblem(
        401,
        'Missing authentication: send Authorization: Bearer <access token>',
        'invalid_token',
      );
    }
    const caller = await tokens.verify(match[1]!);
    if (caller.clientId) notesOf(c).clientId = caller.clientId;
    const scope = requiredScope(c.req.method, c.req.path);
    if (scope && !caller.scopes.includes(scope)) {
      throw new ApiProblem(
        403,
        `Insufficient scope, expected any of: ${scope}`,
        'insufficient_scope',
      );
    }
    await next();
  };
}
