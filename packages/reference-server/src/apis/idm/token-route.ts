import { TokenRequest } from '@clientkit/idm-client/schemas';
import type { Context, Hono } from 'hono';
import { ApiProblem, readJson, validate } from '../../problem';
import { TOKEN_PATH } from './audit-log';
import { authenticate, type MachineClient } from './machine-clients';
import { notesOf } from './notes';
import type { TokenService } from './tokens';

const requestStyle = { status: 400, code: 'invalid_request' };

function isFormEncoded(c: Context): boolean {
  const type = c.req.header('content-type') ?? '';
  return /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type);
}

/** The parameters of a form-encoded body; a repeated parameter is an invalid request (RFC 6749 §3.2). */
async function readForm(c: Context): Promise<Record<string, string>> {
  const params = new URLSearchParams(await c.req.text());
  const fields: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name in fields) {
      throw new ApiProblem(400, `Parameter ${name} was sent more than once`, 'invalid_request');
    }
    fields[name] = value;
  }
  return fields;
}

/**
 * The known parameters of the body, sent as JSON or form-encoded. Others are left out, since an
 * authorization server ignores parameters it does not know (RFC 6749 §3.2).
 */
async function readTokenBody(c: Context): Promise<unknown> {
  const body = isFormEncoded(c) ? await readForm(c) : await readJson(c, requestStyle);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const known = Object.keys(TokenRequest.shape);
  return Object.fromEntries(Object.entries(body).filter(([name]) => known.includes(name)));
}

/** `POST /oauth/token`: client credentials in, a bearer JWT with the application's scopes out. */
export function tokenRoute(
  app: Hono,
  tokens: TokenService,
  machines: () => readonly MachineClient[],
  audience: string,
  lifetimeMs: number,
): Hono {
  app.post(TOKEN_PATH, async (c) => {
    const body = await readTokenBody(c);
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
