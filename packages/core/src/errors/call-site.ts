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

/** `error` with the call site's frames after its own, so that its trace names the calling code. */
export function withCallSite(error: unknown, site: CallSite): unknown {
  if (!(error instanceof Error)) return error;
  const frames = site.stack
    ?.split('\n')
    .filter((line) => /^\s+at\s/.test(line) || line.includes('@'));
  if (!frames || frames.length === 0) return error;
  try {
    error.stack = `${error.stack ?? `${error.name}: ${error.message}`}\n${frames.join('\n')}`;
  } catch {
    // A frozen error keeps its own stack.
  }
  return error;
}
