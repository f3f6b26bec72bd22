/**
 * A web page or a browser's worker: code and whatever secret it holds are readable there by anyone
 * who loads it. Node, Deno, Bun and workerd have neither a document nor `importScripts`.
 */
export function inBrowser(): boolean {
  const scope = globalThis as { document?: unknown; importScripts?: unknown };
  return scope.document !== undefined || typeof scope.importScripts === 'function';
}
