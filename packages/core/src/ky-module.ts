// What core takes from ky, in one module for ky-loader.ts to import lazily: a dynamic import keeps
// every export of its target, and ky's own entry exports much that core never uses.
export { default as ky, HTTPError, TimeoutError } from 'ky';
