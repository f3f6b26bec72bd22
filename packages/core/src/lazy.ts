/**
 * Modules of features most applications never use, loaded with their first use so that bundles
 * leave them out: the `request()`/`paginate()` escape hatches' checks, the logging hooks of a
 * client given a logger, and the response check of a client that validates responses. This is the browser and bundler build's version; core's Node builds swap in
 * `lazy.node.ts`, which imports them up front (see tsup.config.ts): on Node their few hundred bytes
 * cost nothing worth a separate file to load.
 */
export const loadRawRequests = () => import('./raw-request');
export const loadLogging = () => import('./logging');
export const loadResponseCheck = () => import('./response-check');
