export interface NodeProcess {
  versions?: { node?: string; bun?: string };
  getBuiltinModule?: (name: string) => unknown;
}

/**
 * The process object of Node itself, or undefined elsewhere: Bun and Deno say they are Node but
 * have fast fetches of their own, and workerd or a bundled browser `process` polyfill have no real
 * `node:http`. `getBuiltinModule` (Node 20.16+) reaches `node:http` without an import a browser
 * bundler would try to resolve.
 */
export function nodeProcess(): NodeProcess | undefined {
  const scope = globalThis as {
    process?: NodeProcess;
    Deno?: unknown;
    navigator?: { userAgent?: string };
  };
  const process = scope.process;
  const isNode =
    process?.versions?.node &&
    !process.versions.bun &&
    !scope.Deno &&
    (scope.navigator?.userAgent ?? 'Node.js').startsWith('Node.js') &&
    typeof process.getBuiltinModule === 'function';
  return isNode ? process : undefined;
}
