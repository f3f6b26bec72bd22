import { base64, redactUrl } from '@clientkit/core/contract';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * How a hook URL is shown in responses, inspection and logs: the user name stays (it tells which
 * credentials are configured), the password goes, and secret query values are redacted.
 */
export function displayHookUrl(url: string): string {
  if (url === '') return '';
  const redacted = redactUrl(url);
  let username = '';
  try {
    username = new URL(url).username;
  } catch {
    return redacted;
  }
  if (username === '') return redacted;
  return redacted.replace('//', `//${username}@`);
}

/** Where to POST and with which `Authorization`: credentials move from the URL to a Basic header. */
export function hookTarget(url: string): { url: string; authorization?: string } {
  const parsed = new URL(url);
  const username = decoded(parsed.username);
  const password = decoded(parsed.password);
  parsed.username = '';
  parsed.password = '';
  if (username === '' && password === '') return { url: parsed.href };
  return { url: parsed.href, authorization: `Basic ${base64(`${username}:${password}`)}` };
}
