/**
 * ky, loaded on the first request instead of at import: the loader of core's Node builds (the
 * `node` export condition and CommonJS), in place of `ky-loader.ts`.
 *
 * Evaluating ky constructs a `Request` to probe for request streams, and on Node that first touch of
 * `Request` loads the runtime's whole fetch implementation: most of the time a program spent
 * importing a client. Deferring ky moves that cost to the first request, which needs fetch anyway.
 * Once loaded, calls reach ky synchronously (`loadedKy()`), with no extra promise per call. Browser
 * builds do not defer it: there, the deferral would cost bundle bytes and save no time.
 */
type KyModule = typeof import('./ky-module');

let loaded: KyModule | undefined;
let loading: Promise<KyModule> | undefined;

/** ky's module when a request has loaded it, else undefined. */
export function loadedKy(): KyModule | undefined {
  return loaded;
}

/** Loads ky once; every caller shares the one import. */
export function loadKy(): Promise<KyModule> {
  loading ??= import('./ky-module').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}
