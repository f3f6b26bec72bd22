import type { WebhookCredentials } from './webhook-url';

const encoder = new TextEncoder();

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/**
 * True when two equal-length byte arrays are equal, looking at every byte whatever it finds, so the
 * time taken says nothing about where they differ. Arrays of different lengths are unequal.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}

/** The user name and password of an `Authorization: Basic` header, or undefined when there is none. */
export function readBasicCredentials(header: string | null): WebhookCredentials | undefined {
  const match = /^Basic[ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/i.exec(header ?? '');
  if (!match) return undefined;
  let decoded: string;
  try {
    const binary = atob(match[1]!);
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  if (colon === -1) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Checks Basic credentials against the expected ones. Both sides are hashed to fixed-length SHA-256
 * digests first, so neither the comparison's duration nor an early length mismatch reveals how much
 * of a guess was right; the user name and the password are both always compared.
 */
export function basicCredentialsChecker(
  expected: WebhookCredentials,
): (header: string | null) => Promise<boolean> {
  const expectedDigests = Promise.all([digest(expected.username), digest(expected.password)]);
  return async (header) => {
    const given = readBasicCredentials(header);
    const [user, password] = await expectedDigests;
    const [givenUser, givenPassword] = await Promise.all([
      digest(given?.username ?? ''),
      digest(given?.password ?? ''),
    ]);
    const userMatches = constantTimeEqual(user, givenUser);
    const passwordMatches = constantTimeEqual(password, givenPassword);
    return given !== undefined && userMatches && passwordMatches;
  };
}
