/**
 * Headers that describe one connection rather than the message (RFC 9110, 7.6.1): a proxy
 * neither forwards them nor records them, and sets its own.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Raw header pairs (`rawHeaders`) without the hop-by-hop ones, nor those `Connection` names. */
export function endToEndHeaders(rawHeaders: readonly string[]): string[] {
  const named = new Set<string>();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() !== 'connection') continue;
    for (const name of rawHeaders[i + 1]!.split(',')) named.add(name.trim().toLowerCase());
  }
  const kept: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name)) continue;
    kept.push(rawHeaders[i]!, rawHeaders[i + 1]!);
  }
  return kept;
}

/** The first value of a header among raw pairs, by its name in any case. */
export function headerOf(rawHeaders: readonly string[], name: string): string | undefined {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === name) return rawHeaders[i + 1];
  }
  return undefined;
}
