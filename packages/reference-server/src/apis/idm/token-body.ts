import { TokenRequest } from '@clientkit/contracts/idm';
import type { Context } from 'hono';
import { z } from 'zod/mini';
import type { output } from 'zod/v4/core';
import { ApiProblem, readJson, validate } from '../../problem';
import { withClientCredentials } from './client-authentication';

/**
 * A token request once the client's credentials are found, wherever it sent them: every
 * parameter of the client's schema, unknown ones allowed through (they were dropped already).
 */
const ClientCredentialsGrant = z.looseObject(TokenRequest.shape);
type CheckedParameters = output<typeof ClientCredentialsGrant>;

const requestStyle = { status: 400, code: 'invalid_request' };

/** The parameters the token endpoint reads; any other is ignored (RFC 6749 §3.2). */
const recognized = new Set(Object.keys(TokenRequest.shape));

function isFormEncoded(c: Context): boolean {
  const type = c.req.header('content-type') ?? '';
  return /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type);
}

/**
 * The recognized parameters of a form-encoded body, in one pass. A recognized parameter sent twice
 * is an invalid request (RFC 6749 §3.2); unrecognized ones are not looked at, however often they
 * come. Names are compared as strings, never looked up on an object, so `constructor` or
 * `__proto__` are parameters like any other.
 */
async function readForm(c: Context): Promise<Record<string, string>> {
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(await c.req.text())) {
    if (!recognized.has(name)) continue;
    if (fields.has(name)) {
      throw new ApiProblem(400, `Parameter ${name} was sent more than once`, 'invalid_request');
    }
    fields.set(name, value);
  }
  return Object.fromEntries(fields);
}

/** The recognized own properties of a JSON body; anything that is not an object is left as it is. */
async function readJsonParameters(c: Context): Promise<unknown> {
  const body = await readJson(c, requestStyle);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([name]) => recognized.has(name)));
}

/**
 * The checked parameters of a token request: another grant than client credentials is refused as
 * unsupported before the other parameters are looked at, then the client's credentials are taken
 * from the Basic header or the body, then each parameter is checked.
 */
export async function readTokenParameters(c: Context): Promise<CheckedParameters> {
  const body = isFormEncoded(c) ? await readForm(c) : await readJsonParameters(c);
  const grantType = (body as { grant_type?: unknown } | undefined)?.grant_type;
  if (grantType !== undefined && grantType !== 'client_credentials') {
    throw new ApiProblem(
      400,
      'Only the client_credentials grant is supported',
      'unsupported_grant_type',
    );
  }
  return validate(ClientCredentialsGrant, withClientCredentials(c, body), 'body', requestStyle);
}
