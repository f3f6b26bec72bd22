import * as logging from './logging';
import * as rawRequests from './raw-request';
import * as responseCheck from './response-check';

/** The Node builds' version of `lazy.ts`: the same modules, imported up front. */
export const loadRawRequests = () => Promise.resolve(rawRequests);
export const loadLogging = () => Promise.resolve(logging);
export const loadResponseCheck = () => Promise.resolve(responseCheck);
