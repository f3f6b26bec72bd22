/**
 * A client holding a long-lived secret (docs' or idm's static token, the calendar's application
 * password, metering's API key, mail's account token, idm's client secret) is refused in a browser
 * page or worker unless the application opts in with `dangerouslyAllowBrowser: true`. What a page
 * may hold stays allowed: a token function (which fetches short-lived tokens), the calendar's
 * nonceAuth, no credentials at all. Node itself is never refused. The same rules hold in real
 * Chromium in browser-test/.
 */
import { basicAuth, CalendarClient, nonceAuth } from '@clientkit/calendar-client';
import { DocsClient } from '@clientkit/docs-client';
import { clientCredentials, IdmClient } from '@clientkit/idm-client';
import { MailClient } from '@clientkit/mail-client';
import { MeteringClient, RequestValidationError } from '@clientkit/metering-client';
import { afterEach, describe, expect, it } from 'vitest';

const baseUrl = 'https://api.example.com';
const scope = globalThis as { document?: unknown; importScripts?: unknown };
afterEach(() => {
  delete scope.document;
  delete scope.importScripts;
});

const credentials = () =>
  clientCredentials({ clientId: 'app', clientSecret: 'shh', audience: `${baseUrl}/api/v2/` });

type Build = (allow?: boolean) => unknown;

const holders: [string, string, string, Build][] = [
  [
    'DocsClient',
    'a token string',
    'its token',
    (allow) => new DocsClient({ baseUrl, token: 'docs-token', dangerouslyAllowBrowser: allow }),
  ],
  [
    'CalendarClient',
    'basicAuth',
    'its application password',
    (allow) =>
      new CalendarClient({
        baseUrl,
        auth: basicAuth('editor', 'abcd EFGH ijkl'),
        dangerouslyAllowBrowser: allow,
      }),
  ],
  [
    'MeteringClient',
    'an API key',
    'its API key',
    (allow) => new MeteringClient({ baseUrl, apiKey: 'sk_test_1', dangerouslyAllowBrowser: allow }),
  ],
  [
    'MeteringClient',
    'an API key function',
    'its API key',
    (allow) =>
      new MeteringClient({ baseUrl, apiKey: () => 'sk_test_1', dangerouslyAllowBrowser: allow }),
  ],
  [
    'MailClient',
    'an account token',
    'its account token',
    (allow) => new MailClient({ baseUrl, accountToken: 'token', dangerouslyAllowBrowser: allow }),
  ],
  [
    'IdmClient',
    'client credentials',
    'its client secret',
    (allow) => new IdmClient({ baseUrl, auth: credentials(), dangerouslyAllowBrowser: allow }),
  ],
  [
    'IdmClient',
    'a token string',
    'its token',
    (allow) => new IdmClient({ baseUrl, token: 'a.b.c', dangerouslyAllowBrowser: allow }),
  ],
];

describe.each(holders)('%s with %s, in a browser', (name, _credential, secret, make) => {
  it('is built on Node, where there is no document', () => {
    expect(() => make()).not.toThrow();
  });

  it('is refused in a page without dangerouslyAllowBrowser, with a message naming the option and the secret', () => {
    scope.document = {};
    expect(() => make()).toThrow(RequestValidationError);
    expect(() => make()).toThrow(
      new RegExp(
        `^Invalid options of ${name}: dangerouslyAllowBrowser must be true to run in a browser: ${secret} would be readable`,
      ),
    );
    expect(() => make(false)).toThrow(RequestValidationError);
  });

  it('is refused in a web worker without it, and built with dangerouslyAllowBrowser: true', () => {
    scope.importScripts = () => {};
    expect(() => make()).toThrow(RequestValidationError);
    expect(() => make(true)).not.toThrow();
  });
});

describe('credentials a page may hold', () => {
  it('are built in a page without any option: token functions, nonceAuth, and no credentials', () => {
    scope.document = {};
    expect(() => new DocsClient({ baseUrl, token: async () => 'short-lived' })).not.toThrow();
    expect(() => new IdmClient({ baseUrl, token: () => 'a.b.c' })).not.toThrow();
    expect(() => new CalendarClient({ baseUrl, auth: nonceAuth('0123456789') })).not.toThrow();
    expect(() => new CalendarClient({ baseUrl })).not.toThrow();
  });
});
