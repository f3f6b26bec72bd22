import {
  type Auth,
  basicAuth as coreBasicAuth,
  headerAuth,
  type SecretSource,
} from '@clientkit/core';
import { secretOption } from '@clientkit/core/internal';

/**
 * HTTP Basic with a WordPress application password, for writes and for reading unpublished records.
 *
 * @example
 * const calendar = new CalendarClient({ baseUrl, auth: basicAuth('editor', 'abcd EFGH ijkl MNOP qrst UVWX') });
 */
export const basicAuth: (user: string, applicationPassword: string) => Auth = coreBasicAuth;

/**
 * A REST nonce sent as `X-WP-Nonce`, for code that runs inside a logged-in WordPress page. Nonces
 * expire, so a function that returns the current one is accepted too; an empty nonce is refused.
 *
 * @example
 * const calendar = new CalendarClient({ baseUrl: location.origin, auth: nonceAuth(window.wpApiSettings.nonce) });
 */
export function nonceAuth(nonce: SecretSource): Auth {
  return headerAuth('X-WP-Nonce', secretOption(nonce, 'nonce', 'arguments of nonceAuth'));
}
