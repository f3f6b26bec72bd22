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
  if (!process?.versions?.node || process.versions.bun || scope.Deno) return undefined;
  const agent = scope.navigator?.userAgent;
  if (agent !== undefined && !agent.startsWith('Node.js')) return undefined;
  return typeof process.getBuiltinModule === 'function' ? process : undefined;
}

/**
 * The stream's fetch on Node: `node-fetch.ts`, loaded on the first request, so that applications
 * elsewhere (browsers, workers, Bun, Deno) never carry it in their bundle's first chunk. Undefined
 * off Node, where the stream uses the global fetch.
 */
export function lazyNodeStreamFetch(): typeof fetch | undefined {
  const process = nodeProcess();
  if (!process) return undefined;
  let loaded: Promise<typeof fetch> | undefined;
  return ((input: RequestInfo | URL, init?: RequestInit) => {
    loaded ??= import('./node-fetch').then((module) => module.nodeStreamFetch(process));
    return loaded.then((send) => send(input, init));
  }) as typeof fetch;
}
