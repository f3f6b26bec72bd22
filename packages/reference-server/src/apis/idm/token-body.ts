import { TokenRequest } from '@clientkit/idm-client/schemas';
import type { Context } from 'hono';
import type { output } from 'zod/v4/core';
import { ApiProblem, readJson, validate } from '../../problem';
import { TokenParameters } from './operations';

type CheckedParameters = output<typeof TokenParameters>;

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
async function knownParameters(c: Context): Promise<unknown> {
  const body = isFormEncoded(c) ? await readForm(c) : await readJson(c, requestStyle);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const known = Object.keys(TokenRequest.shape);
  return Object.fromEntries(Object.entries(body).filter(([name]) => known.includes(name)));
}

/**
 * The checked parameters of a token request: another grant than client credentials is refused as
 * unsupported before the other parameters are looked at, then each parameter is checked.
 */
export async function readTokenParameters(c: Context): Promise<CheckedParameters> {
  const body = await knownParameters(c);
  const grantType = (body as { grant_type?: unknown } | undefined)?.grant_type;
  if (grantType !== undefined && grantType !== 'client_credentials') {
    throw new ApiProblem(
      400,
      'Only the client_credentials grant is supported',
      'unsupported_grant_type',
    );
  }
  return validate(TokenParameters, body, 'body', requestStyle);
}
