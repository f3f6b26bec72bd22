/**
 * The browser build (package.json's `browser` condition) replaces node-wire.ts, whose Node sender
 * a page can never use: the replacement must choose as node-wire.ts chooses in a page, so that the
 * stream's events go through fetch there either way.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nodeSenderIfNode } from '../src/node-wire';
import { nodeSenderIfNode as nodeSenderInPage } from '../src/node-wire.browser';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the browser build, in a page', () => {
  it('has no Node sender, as node-wire.ts finds none under a browser', () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' });
    expect(nodeSenderIfNode()).toBeUndefined();
    expect(nodeSenderInPage()).toBeUndefined();
  });
});
