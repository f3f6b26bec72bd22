/**
 * Values a store keeps for a credential, encrypted with a key only its holders can derive: AES-GCM
 * (256 bits) under a key derived with HKDF-SHA-256 from the credential's secret and its identity
 * tag. A reader of the store alone learns no usable token. Each value also names the store key it
 * was sealed for, so that it does not open under another.
 */

/** Seals and opens the values of one credential. */
export interface Sealer {
  /** `plain` encrypted for `storeKey`, as text. */
  seal(plain: string, storeKey: string): Promise<string>;
  /** The plain text of `sealed`, or undefined when it was not sealed by this credential for `storeKey`. */
  open(sealed: string, storeKey: string): Promise<string | undefined>;
}

const FORMAT = 'v1';
const HKDF_SALT = 'clientkit coordination';
const IV_BYTES = 12;

/** The sealer of the credential whose secret is `secret` and whose identity tag is `tag`. */
export function sealer(secret: string, tag: string): Sealer {
  let key: Promise<CryptoKey> | undefined;
  const keyOnce = () => {
    key ??= deriveKey(secret, tag);
    return key;
  };
  return {
    async seal(plain, storeKey) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const sealed = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: utf8(storeKey) },
        await keyOnce(),
        utf8(plain),
      );
      return `${FORMAT}.${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
    },
    async open(sealed, storeKey) {
      const [format, iv, data] = sealed.split('.');
      if (format !== FORMAT || iv === undefined || data === undefined) return undefined;
      try {
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: fromBase64url(iv), additionalData: utf8(storeKey) },
          await keyOnce(),
          fromBase64url(data),
        );
        return new TextDecoder().decode(plain);
      } catch {
        return undefined;
      }
    },
  };
}

async function deriveKey(secret: string, tag: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', utf8(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: utf8(HKDF_SALT), info: utf8(tag) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

function utf8(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(text);
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Throws on text that is not base64url, which `open` reads as a value it cannot open. */
function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
