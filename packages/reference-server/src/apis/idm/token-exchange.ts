import type { TokenRequest } from '@clientkit/contracts/idm';
import type { Context } from 'hono';
import { ApiProblem } from '../../problem';
import { issuerOf } from './discovery';
import { authenticate, type MachineClient } from './machine-clients';
import { notesOf } from './notes';
import type { TokenService } from './tokens';

/** What the token exchange needs: who may get tokens, for which audience, for how long. */
export interface TokenIssuing {
  tokens: TokenService;
  machines: () => readonly MachineClient[];
  audience: string;
  lifetimeMs: number;
  /** Told of each token the exchange issues. */
  exchanged(): void;
}

/**
 * Marks a token endpoint answer as one no cache may keep (RFC 6749 §5.1): `Pragma` too, for
 * HTTP/1.0 caches. Refusals get it as well, since they answer a request that carried a secret.
 */
export function forbidCaching(headers: Headers): void {
  headers.set('cache-control', 'no-store');
  headers.set('pragma', 'no-cache');
}

/**
 * Client credentials in, a bearer JWT with the application's scopes out, issued by the issuer of
 * the origin the request came to. The body check has already put the credentials in `client_id`
 * and `client_secret`, from the Basic header or from the body.
 */
export async function exchange(c: Context, request: TokenRequest, issuing: TokenIssuing) {
  const machine = authenticate(issuing.machines(), request.client_id, request.client_secret);
  if (!machine) throw new ApiProblem(401, 'Client authentication failed', 'invalid_client');
  notesOf(c).clientId = machine.clientId;
  if (request.audience !== issuing.audience) {
    throw new ApiProblem(
      403,
      `Service not enabled within domain: ${request.audience}`,
      'access_denied',
    );
  }
  const issued = await issuing.tokens.issue({
    clientId: machine.clientId,
    scopes: machine.scopes,
    lifetimeMs: issuing.lifetimeMs,
    issuer: issuerOf(c.req.url),
  });
  issuing.exchanged();
  const response = c.json(issued);
  forbidCaching(response.headers);
  return response;
}
