/**
 * Scope helpers: the scopes a token grants (`scopesOf`) and the scope a request needs
 * (`requiredScope`, the interface's rule, from its contract).
 *
 * @module
 */
import { requiredScope } from '@clientkit/contracts/idm';
import { PermissionDeniedError, RequestValidationError } from '@clientkit/core';
import type { PreparedRequest } from '@clientkit/core/internal';

export { requiredScope };

/**
 * The scopes of a JWT access token, read from its `scope` claim (space-separated, or an array)
 * without checking its signature: use it to inspect a token, never to trust one.
 *
 * @example
 * scopesOf(accessToken) // ['read:clients', 'read:logs']
 */
export function scopesOf(token: string): string[] {
  const claims = claimsOf(token);
  const scope = claims.scope ?? claims.scp;
  if (typeof scope === 'string') return scope.split(/\s+/).filter(Boolean);
  if (Array.isArray(scope)) return scope.filter((s): s is string => typeof s === 'string');
  return [];
}

function claimsOf(token: string): Record<string, unknown> {
  const parts = typeof token === 'string' ? token.split('.') : [];
  try {
    if (parts.length !== 3) throw new Error('not three parts');
    const payload = JSON.parse(decodeBase64Url(parts[1]!)) as unknown;
    if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
      return payload as Record<string, unknown>;
    }
  } catch {
    // reported below, without the token itself
  }
  throw new RequestValidationError('argument of scopesOf', [
    { path: 'token', message: 'must be a JWT whose payload is a JSON object' },
  ]);
}

function decodeBase64Url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/**
 * Refuses, before sending, a request whose scope the token does not grant, with the 403 the
 * interface would answer. `needed` is the operation's scope; a request that needs none passes.
 */
export function checkScope(needed: string | undefined, token: string, method: string): void {
  if (!needed) return;
  const granted = scopesOf(token);
  if (granted.includes(needed)) return;
  throw new PermissionDeniedError({
    status: 403,
    code: 'insufficient_scope',
    message:
      `Insufficient scope, expected any of: ${needed} (checked before sending; ` +
      `the token grants ${granted.length > 0 ? granted.join(' ') : 'no scope'})`,
    method,
  });
}

/**
 * `checkScope` for a call about to be sent, by the interface's rule (which every operation of the
 * contract declares its scope by: the contract's tests hold them together).
 */
export function checkCallScope(call: PreparedRequest, token: string): void {
  checkScope(requiredScope(call.method, call.path), token, call.method);
}
