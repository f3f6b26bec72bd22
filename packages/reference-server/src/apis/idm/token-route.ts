import { TokenRequest } from '@clientkit/idm-client/schemas';
import type { Hono } from 'hono';
import { ApiProblem, readJson, validate } from '../../problem';
import { TOKEN_PATH } from './audit-log';
import { authenticate, type MachineClient } from './machine-clients';
import { notesOf } from './notes';
import type { TokenService } from './tokens';

const requestStyle = { status: 400, code: 'invalid_request' };

/** `POST /oauth/token`: client credentials in, a bearer JWT with the application's scopes out. */
export function tokenRoute(
  app: Hono,
  tokens: TokenService,
  machines: () => readonly MachineClient[],
  audience: string,
  lifetimeMs: number,
): Hono {
  app.post(TOKEN_PATH, async (c) => {
    const body = await readJson(c, requestStyle);
    const grantType = (body as { grant_type?: unknown } | undefined)?.grant_type;
    if (grantType !== undefined && grantType !== 'client_credentials') {
      throw new ApiProblem(
        400,
        'Only the client_credentials grant is supported',
        'unsupported_grant_type',
      );
    }
    const request = validate(TokenRequest, body, 'body', requestStyle);
    const machine = authenticate(machines(), request.client_id, request.client_secret);
    if (!machine) throw new ApiProblem(401, 'Client authentication failed', 'invalid_client');
    notesOf(c).clientId = machine.clientId;
    if (request.audience !== audience) {
      throw new ApiProblem(
        403,
        `Service not enabled within domain: ${request.audience}`,
        'access_denied',
      );
    }
    const issued = await tokens.issue({
      clientId: machine.clientId,
      scopes: machine.scopes,
      lifetimeMs,
    });
    c.header('cache-control', 'no-store');
    return c.json(issued);
  });
  return app;
}
