import type { CallSender } from '@clientkit/core';

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

/**
 * How the stream's batches (and `events.send`) travel on Node: `node-wire.ts`, loaded with the first
 * request, so that applications elsewhere (browsers, workers, Bun, Deno) never carry it in their
 * bundle's first chunk. Undefined off Node, where they go through ky and the runtime's fetch. Core
 * uses it only when the application gave no `fetch`, hooks or `shouldRetry`.
 */
export function lazyNodeSender(): CallSender | undefined {
  const process = nodeProcess();
  if (!process) return undefined;
  let sender: CallSender | undefined;
  let loading: Promise<CallSender> | undefined;
  return (send) => {
    if (sender) return sender(send);
    loading ??= import('./node-wire').then((module) => {
      sender = module.nodeSender(process);
      return sender;
    });
    return loading.then((loaded) => loaded(send));
  };
}
