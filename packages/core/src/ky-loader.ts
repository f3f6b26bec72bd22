import * as ky from './ky-module';

/**
 * How the transport reaches ky. This is the loader of the builds for browsers and bundlers: ky is
 * imported with the rest of core, where its evaluation costs nothing worth deferring. The Node
 * builds swap in `ky-loader.node.ts` (see tsup.config.ts), which loads ky on the first request.
 */
export function loadedKy(): typeof ky | undefined {
  return ky;
}

/** ky's module; already loaded here. */
export function loadKy(): Promise<typeof ky> {
  return Promise.resolve(ky);
}
