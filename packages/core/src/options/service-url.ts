import { RequestValidationError } from '../errors/errors';

/**
 * The URL a client sends to: the service's origin, or the prefix a proxy mounts it under, given as
 * `baseUrl`, with the interface's own path appended. A URL that already ends with that path would
 * be sent to it twice, and a query, a fragment or credentials in it would be lost or leaked, so each
 * is refused by name.
 *
 * @example
 * serviceUrl('https://api.example.com', '/v1', 'options of DocsClient'); // 'https://api.example.com/v1/'
 */
export function serviceUrl(value: unknown, appended: string, subject: string, field = 'baseUrl') {
  const refuse = (message: string): never => {
    throw new RequestValidationError(subject, [{ path: field, message }]);
  };
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    return refuse('must be an absolute http(s) URL');
  }
  const text = value as string;
  if (text.includes('?')) return refuse('must not carry a query string');
  if (text.includes('#')) return refuse('must not carry a fragment');
  if (url.username || url.password) return refuse('must not carry credentials (user:password@)');
  const path = url.pathname.replace(/\/+$/, '');
  if (appended && path.toLowerCase().endsWith(appended.toLowerCase())) {
    return refuse(`must not end with ${appended}: the client appends it`);
  }
  return `${url.origin}${path}${appended}/`;
}
