import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { developmentClientOptions } from '../src/development-options';
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
