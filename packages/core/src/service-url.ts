import { RequestValidationError } from './errors';

/**
 * The URL a client sends to: the service's origin (plus any mount path) given as `baseUrl`, with the
 * interface's fixed path appended, whether or not `baseUrl` ends in a slash.
 *
 * @example
 * serviceUrl('https://api.example.com', 'v1/', 'options of DocsClient'); // 'https://api.example.com/v1/'
 */
export function serviceUrl(baseUrl: unknown, fixedPath: string, subject: string): string {
  let parsed: URL | undefined;
  try {
    parsed = typeof baseUrl === 'string' ? new URL(baseUrl) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.search) {
    throw new RequestValidationError(subject, [
      {
        path: 'baseUrl',
        message:
          'must be the service origin as an absolute http(s) URL, such as https://api.example.com',
      },
    ]);
  }
  return `${String(baseUrl).replace(/\/+$/, '')}/${fixedPath}`;
}
