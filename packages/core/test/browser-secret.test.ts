import { afterEach, describe, expect, it } from 'vitest';
import { refuseSecretInBrowser } from '../src/auth/browser-secret';
import { RequestValidationError } from '../src/errors/errors';

const scope = globalThis as { document?: unknown; importScripts?: unknown };
afterEach(() => {
  delete scope.document;
  delete scope.importScripts;
});

describe('a server-side secret in a browser', () => {
  it('is allowed on Node, where there is no document and no importScripts', () => {
    expect(() =>
      refuseSecretInBrowser(undefined, 'options of MailClient', 'its token'),
    ).not.toThrow();
  });

  it('is refused in a page unless dangerouslyAllowBrowser is true, naming the option and why', () => {
    scope.document = {};
    const refused = () => refuseSecretInBrowser(undefined, 'options of MailClient', 'its token');
    expect(refused).toThrow(RequestValidationError);
    expect(refused).toThrow(
      /^Invalid options of MailClient: dangerouslyAllowBrowser must be true to run in a browser: its token would be readable/,
    );
    expect(() => refuseSecretInBrowser(false, 'options of MailClient', 'its token')).toThrow();
    expect(() => refuseSecretInBrowser(true, 'options of MailClient', 'its token')).not.toThrow();
  });

  it('is refused in a web worker (importScripts present) unless allowed', () => {
    scope.importScripts = () => {};
    expect(() => refuseSecretInBrowser(undefined, 'options of X', 'its key')).toThrow(
      RequestValidationError,
    );
    expect(() => refuseSecretInBrowser(true, 'options of X', 'its key')).not.toThrow();
  });

  it('refuses a dangerouslyAllowBrowser that is not true or false, on any runtime', () => {
    expect(() => refuseSecretInBrowser('yes', 'options of MailClient', 'its token')).toThrow(
      'Invalid options of MailClient: dangerouslyAllowBrowser must be true or false',
    );
  });
});
