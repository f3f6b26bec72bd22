/**
 * Store keys that name a credential without holding it: `{<sha-256 of the identity>}:<purpose>`.
 * The braces are a Redis Cluster hash tag, so every key of one identity lives in one slot.
 */

/**
 * The `{...}` part of every key of `identity`: the hex SHA-256 digest of its parts. An identity
 * names a credential and where it is used (an origin, a client id, an audience); a credential that
 * is nothing but a secret (an API key) is named by the secret, which only the digest then holds.
 */
export async function identityTag(identity: readonly string[]): Promise<string> {
  const text = new TextEncoder().encode(JSON.stringify(identity));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', text));
  return `{${Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')}}`;
}

/** The key of one `purpose` (`token`, `pause`, ...) under an identity's tag. */
export function keyOf(tag: string, purpose: string): string {
  return `${tag}:${purpose}`;
}
