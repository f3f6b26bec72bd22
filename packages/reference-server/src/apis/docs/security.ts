import type { DocsAccess, DocsScheme, DocsScope } from '@clientkit/contracts/docs';
import type { Context } from 'hono';
import { ApiProblem } from '../../problem';
import type { SecretMap } from '../../secret-map';

/** Who a token speaks for. */
export interface Principal {
  scheme: DocsScheme;
  userId?: string;
  scopes?: DocsScope[];
}

export type { DocsScheme, DocsScope };

/** One way to be allowed: a scheme, or an OAuth token with one scope. */
export type Alternative = DocsAccess;

/** True when the principal satisfies one of the alternatives. */
export function allows(alternatives: readonly Alternative[], principal: Principal): boolean {
  return alternatives.some((alternative) => {
    if (!alternative.startsWith('oauth:')) return alternative === principal.scheme;
    const scope = alternative.slice('oauth:'.length) as DocsScope;
    return principal.scheme === 'oauth' && (principal.scopes ?? []).includes(scope);
  });
}

/** The OpenAPI security requirements of the alternatives: one per alternative, any one enough. */
export function securityRequirements(
  alternatives: readonly Alternative[],
): Record<string, string[]>[] {
  return alternatives.map((alternative) =>
    alternative.startsWith('oauth:')
      ? { oauth: [alternative.slice('oauth:'.length)] }
      : { [alternative]: [] },
  );
}

/**
 * The principal of the request's bearer token, or a 401 when there is none or it is unknown, or a
 * 403 when none of the operation's alternatives accepts its scheme or scopes.
 */
export function authorize(
  c: Context,
  alternatives: readonly Alternative[],
  tokens: SecretMap<Principal>,
): Principal {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match)
    throw new ApiProblem(401, 'Authentication required: send Authorization: Bearer <token>');
  const principal = tokens.get(match[1]!);
  if (!principal) throw new ApiProblem(401, 'The token is not valid');
  if (allows(alternatives, principal)) return principal;
  const scopes = alternatives.filter((a) => a.startsWith('oauth:')).map((a) => a.slice(6));
  if (principal.scheme === 'oauth' && scopes.length > 0) {
    throw new ApiProblem(403, `The token lacks the scope ${scopes.join(' or ')}`);
  }
  // Name what would be accepted, so that the caller knows which token to use instead.
  const accepted = alternatives.map((a) => (a.startsWith('oauth:') ? `oauth (${a.slice(6)})` : a));
  throw new ApiProblem(
    403,
    `This operation does not accept ${principal.scheme} tokens; it accepts ${accepted.join(', ')} tokens`,
  );
}
