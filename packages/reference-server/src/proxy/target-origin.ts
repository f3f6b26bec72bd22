/**
 * The target of a proxy as an origin (`https://api.example.com`). Anything more is refused with a
 * TypeError that starts with `name`: a path (the interfaces' own paths are appended to it), a query,
 * or credentials (they belong to the clients, which send them through the proxy).
 */
export function targetOrigin(text: unknown, name: string): URL {
  const refuse = () =>
    new TypeError(
      `${name} must be an http or https origin such as https://api.example.com, not ${JSON.stringify(text)}`,
    );
  let url: URL;
  try {
    url = new URL(String(text));
  } catch {
    throw refuse();
  }
  const plain = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !plain) throw refuse();
  return url;
}
