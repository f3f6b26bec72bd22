import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { developmentClientOptions, developmentEnvironment } from '../src/development-options';
import { quoted, sourceTextOf } from '../src/source-text';

const secrets = ['EdiT oRPa ssW0 rdCa lEnD ar01', 'idm-dev-secret-full-access'];

describe('developmentClientOptions', () => {
  it('gives every client the origin as baseUrl, with or without a trailing slash', () => {
    const options = developmentClientOptions('http://127.0.0.1:4010/');
    for (const name of ['docs', 'calendar', 'metering', 'mail', 'idm'] as const) {
      expect(options[name].baseUrl).toBe('http://127.0.0.1:4010');
    }
  });

  it('keeps how each auth option was written, for the banner to print', () => {
    const options = developmentClientOptions('http://127.0.0.1:4010');
    expect(sourceTextOf(options.calendar.auth)).toBe(
      "basicAuth('editor', 'EdiT oRPa ssW0 rdCa lEnD ar01')",
    );
    expect(sourceTextOf(options.idm.auth)).toContain("clientSecret: 'idm-dev-secret-full-access'");
    expect(sourceTextOf(options.docs.token)).toBeUndefined();
  });

  it('never shows the auth secrets when the options are logged or serialized', () => {
    const options = developmentClientOptions('http://127.0.0.1:4010');
    const shown = [
      inspect(options, { depth: 5 }),
      JSON.stringify(options),
      String(options.calendar.auth),
    ];
    for (const text of shown) for (const secret of secrets) expect(text).not.toContain(secret);
  });
});

describe('quoted', () => {
  it('writes a single-quoted literal that escapes quotes and backslashes', () => {
    expect(quoted("it's a\\b")).toBe("'it\\'s a\\\\b'");
    expect(new Function(`return ${quoted("it's a\\b")};`)()).toBe("it's a\\b");
  });
});

describe('developmentEnvironment', () => {
  it('names the variables the clients read, with the origin as CLIENTKIT_BASE_URL and the same credentials as the options', () => {
    const environment = developmentEnvironment('http://127.0.0.1:4010/');
    const options = developmentClientOptions('http://127.0.0.1:4010');
    expect(environment).toMatchObject({
      CLIENTKIT_BASE_URL: 'http://127.0.0.1:4010',
      CLIENTKIT_DOCS_TOKEN: options.docs.token,
      CLIENTKIT_CALENDAR_USERNAME: 'editor',
      CLIENTKIT_CALENDAR_PASSWORD: 'EdiT oRPa ssW0 rdCa lEnD ar01',
      CLIENTKIT_METERING_API_KEY: options.metering.apiKey,
      CLIENTKIT_MAIL_ACCOUNT_TOKEN: options.mail.accountToken,
      CLIENTKIT_IDM_CLIENT_ID: options.idm.auth.clientId,
      CLIENTKIT_IDM_CLIENT_SECRET: 'idm-dev-secret-full-access',
      CLIENTKIT_IDM_AUDIENCE: options.idm.auth.audience,
    });
    expect(Object.keys(environment)).toHaveLength(9);
  });
});
