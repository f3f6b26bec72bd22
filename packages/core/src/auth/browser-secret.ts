import { RequestValidationError } from '../errors/errors';
import { inBrowser } from '../options/in-browser';

/**
 * Refuses to build a client that holds a server-side secret (`secret` says which, such as "its API
 * key") in a browser, unless the application set `dangerouslyAllowBrowser: true`.
 */
export function refuseSecretInBrowser(allowed: unknown, subject: string, secret: string): void {
  if (allowed !== undefined && typeof allowed !== 'boolean') {
    throw new RequestValidationError(subject, [
      { path: 'dangerouslyAllowBrowser', message: 'must be true or false' },
    ]);
  }
  if (allowed === true || !inBrowser()) return;
  throw new RequestValidationError(subject, [
    {
      path: 'dangerouslyAllowBrowser',
      message: `must be true to run in a browser: ${secret} would be readable by anyone who loads the page`,
    },
  ]);
}

/** Credentials made of a long-lived secret, such as a password: no browser should hold them. */
const longLivedSecrets = new WeakSet<object>();

/** Marks credentials made of a long-lived secret (`basicAuth`'s password). */
export function markLongLivedSecret<T extends object>(credentials: T): T {
  longLivedSecrets.add(credentials);
  return credentials;
}

/** Whether these credentials carry a long-lived secret, as `basicAuth`'s do. */
export function isLongLivedSecret(credentials: unknown): boolean {
  return (
    typeof credentials === 'object' && credentials !== null && longLivedSecrets.has(credentials)
  );
}
