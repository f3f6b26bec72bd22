import { RequestValidationError, type ValidationIssue } from '@clientkit/core';

/** The credentials the service sends to a webhook receiver as HTTP Basic authentication. */
export interface WebhookCredentials {
  /** The user name; Basic authentication cannot carry a colon in it. */
  username: string;
  password: string;
}

/**
 * `url` with the credentials written into it, percent-encoded, ready for `InboundHookUrl`. The
 * service takes them out of the URL again and sends them as `Authorization: Basic`, so any
 * character is safe in the password. Credentials already in `url` are replaced.
 *
 * @example
 * webhookUrl('https://app.example.com/inbound', { username: 'mail', password: 'p@ss:w/rd' });
 * // 'https://mail:p%40ss%3Aw%2Frd@app.example.com/inbound'
 */
export function webhookUrl(url: string | URL, credentials: WebhookCredentials): string {
  const issues: ValidationIssue[] = [];
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    issues.push({ path: 'url', message: 'must be an http(s) URL' });
  }
  const { username, password } = credentials ?? {};
  if (typeof username !== 'string' || username === '' || username.includes(':')) {
    issues.push({ path: 'username', message: 'must be a non-empty string without a colon' });
  }
  if (typeof password !== 'string') issues.push({ path: 'password', message: 'must be a string' });
  if (issues.length > 0 || !parsed)
    throw new RequestValidationError('arguments of webhookUrl', issues);
  // URL's own setters leave "%" as it is, so a password holding "%41" would come back as "A".
  const userinfo = `${encodeURIComponent(username)}:${encodeURIComponent(password)}`;
  return `${parsed.protocol}//${userinfo}@${parsed.host}${parsed.pathname}${parsed.search}${parsed.hash}`;
}
