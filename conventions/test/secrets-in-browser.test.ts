/**
 * Clients holding a server-side secret (metering's API key, mail's account token, idm's client
 * secret) are refused in a browser page or worker unless the application opts in; the docs and
 * calendar credentials are made for such use. Node itself is never refused. The same rule holds in
 * real Chromium in browser-test/.
 */
import { CalendarClient } from '@clientkit/calendar-client';
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

const holders = [
  [
    'MeteringClient',
    'its API key',
    (allow?: boolean) =>
      new MeteringClient({ baseUrl, apiKey: 'sk_test_1', dangerouslyAllowBrowser: allow }),
  ],
  [
    'MailClient',
    'its account token',
    (allow?: boolean) =>
      new MailClient({ baseUrl, accountToken: 'token', dangerouslyAllowBrowser: allow }),
  ],
  [
    'IdmClient',
    'its client secret',
    (allow?: boolean) =>
      new IdmClient({ baseUrl, auth: credentials(), dangerouslyAllowBrowser: allow }),
  ],
] as const;

describe.each(holders)('%s in a browser', (name, secret, make) => {
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
  });

  it('is refused in a web worker without it, and built with dangerouslyAllowBrowser: true', () => {
    scope.importScripts = () => {};
    expect(() => make()).toThrow(RequestValidationError);
    expect(() => make(true)).not.toThrow();
  });
});

describe('clients whose credentials are meant for browsers', () => {
  it('docs, calendar and idm with a token are built in a page without any option', () => {
    scope.document = {};
    expect(() => new DocsClient({ baseUrl, token: 'docs-token' })).not.toThrow();
    expect(() => new CalendarClient({ baseUrl })).not.toThrow();
    expect(() => new IdmClient({ baseUrl, token: 'a.b.c' })).not.toThrow();
  });
});
