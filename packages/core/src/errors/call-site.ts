import { ClientKitError } from './errors';

/**
 * Where the application called an SDK method. An error that arrives later (an error answer, a
 * timeout) is created deep inside the transport, after the caller's own frames have left the stack;
 * the call site, taken when the method was called, puts them back.
 */
export interface CallSite {
  stack?: string;
}

/** The stack of the caller of `method`, taken now and formatted only if it is ever read. */
export function callSite(method: (...args: never[]) => unknown): CallSite {
  const site: CallSite = {};
  if (typeof Error.captureStackTrace === 'function') Error.captureStackTrace(site, method);
  else site.stack = new Error().stack;
  return site;
}

/**
 * `error` with the call site's frames, so that its trace names the calling code. A clientkit
 * error's own frames are the transport's, which say nothing to the application (and on a busy
 * trace push its own frames out): they are replaced. Any other error (a hook's, a custom fetch's)
 * keeps its frames, and the call site's follow them.
 */
export function withCallSite(error: unknown, site: CallSite): unknown {
  if (!(error instanceof Error)) return error;
  const frames = site.stack
    ?.split('\n')
    .filter((line) => /^\s+at\s/.test(line) || line.includes('@'));
  if (!frames || frames.length === 0) return error;
  const own =
    error instanceof ClientKitError
      ? `${error.name}: ${error.message}`
      : (error.stack ?? `${error.name}: ${error.message}`);
  try {
    error.stack = `${own}\n${frames.join('\n')}`;
  } catch {
    // A frozen error keeps its own stack.
  }
  return error;
}
