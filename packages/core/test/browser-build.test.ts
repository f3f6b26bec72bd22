/**
 * The browser build (package.json's `browser` condition) replaces the modules that read what a
 * page does not have: environment variables, and the codes of a failed connection. Each
 * replacement must answer as the module it replaces answers in a page, so that an application
 * bundled for the browser behaves as the same application would with the Node build loaded there.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as environment from '../src/options/environment';
import * as environmentInPage from '../src/options/environment.browser';
import * as causes from '../src/transport/connection-cause';
import * as causesInPage from '../src/transport/connection-cause.browser';

const scope = globalThis as { document?: unknown };
const client = {
  baseUrl: 'CLIENTKIT_DOCS_BASE_URL',
  credentialOptions: ['token'],
  credentials: [{ option: 'token', variables: { token: 'CLIENTKIT_DOCS_TOKEN' } }],
  credentialsRequired: true,
};

describe('the browser build, in a page', () => {
  beforeEach(() => {
    scope.document = {};
    process.env.CLIENTKIT_DOCS_BASE_URL = 'https://docs.example';
    process.env.CLIENTKIT_DOCS_TOKEN = 'token-from-the-environment';
  });
  afterEach(() => {
    delete scope.document;
    delete process.env.CLIENTKIT_DOCS_BASE_URL;
    delete process.env.CLIENTKIT_DOCS_TOKEN;
  });

  it('reads no environment variable, as the Node build does not in a page', () => {
    for (const module of [environment, environmentInPage]) {
      expect(module.environmentVariable('CLIENTKIT_DOCS_TOKEN')).toBeUndefined();
      expect(module.withEnvironment({ timeout: 5 }, client, 'options of DocsClient')).toEqual({
        options: { timeout: 5 },
        sources: {},
      });
    }
  });

  it('leaves an error about the options as it is, as no option came from a variable', () => {
    const error = new Error('baseUrl is required');
    for (const module of [environment, environmentInPage]) {
      expect(module.namingVariables(error, {}, 'options of DocsClient')).toBe(error);
    }
  });

  it("tells a failed fetch's cause as the Node build does from a page's bare TypeError", () => {
    const failed = new TypeError('Failed to fetch');
    const url = new URL('https://docs.example:8443/v1/user');
    const cause = causes.connectionCause(failed);
    expect(causesInPage.connectionCause(failed)).toEqual(cause);
    expect(causesInPage.isLasting(cause)).toBe(causes.isLasting(cause));
    expect(causesInPage.describeConnection(cause, url)).toEqual(
      causes.describeConnection(cause, url),
    );
    expect(causesInPage.describeConnection(cause, url).what).toBe(
      'Connection to docs.example:8443 failed',
    );
  });
});
