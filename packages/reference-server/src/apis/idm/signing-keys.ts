import { generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { calculateJwkThumbprint, type JWK } from 'jose';

/** The one algorithm the interface signs access tokens with, and the only one it accepts. */
export const SIGNING_ALGORITHM = 'RS256';

/** The key pair that signs access tokens, and how it is published. */
export interface SigningKey {
  /** Its id, the `kid` of every token it signs: the RFC 7638 thumbprint of the public key. */
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key as a JWK, as the key set publishes it. */
  publicJwk: JWK;
}

let processKey: Promise<SigningKey> | undefined;

const generateRsaKeyPair = promisify(generateKeyPair);

async function createSigningKey(): Promise<SigningKey> {
  // Made off the event loop: the whole server would otherwise stand still while the primes are
  // searched for, which takes seconds on a busy machine.
  const { privateKey, publicKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  const { kty, n, e } = publicKey.export({ format: 'jwk' });
  const kid = await calculateJwkThumbprint({ kty, n, e } as JWK, 'sha256');
  return {
    kid,
    privateKey,
    publicKey,
    publicJwk: { kty, n, e, kid, alg: SIGNING_ALGORITHM, use: 'sig' } as JWK,
  };
}

/**
 * The signing key of this process, made on first use and never stored. Making an RSA key takes a
 * noticeable moment, so servers in one process share it, and a server that never issues or checks
 * an identity token never makes one; tokens of another server in the same process are still told
 * apart by their issuer, which names the origin they were issued on.
 */
export function signingKey(): Promise<SigningKey> {
  processKey ??= createSigningKey();
  return processKey;
}

/** The JWK Set of `/.well-known/jwks.json`: the public half of the signing key. */
export async function publishedKeySet(): Promise<{ keys: JWK[] }> {
  return { keys: [(await signingKey()).publicJwk] };
}
