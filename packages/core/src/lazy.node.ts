import * as logging from './logging';
import * as rawRequests from './raw-request';

/** The Node builds' version of `lazy.ts`: the same modules, imported up front. */
export const loadRawRequests = () => Promise.resolve(rawRequests);
export const loadLogging = () => Promise.resolve(logging);
