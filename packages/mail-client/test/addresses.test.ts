import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inboundAddress, RequestValidationError, webhookUrl } from '../src/index';

const server = { InboundHash: 'abc123', InboundDomain: 'inbound.example.com' };

function issuesOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(RequestValidationError);
    return (error as RequestValidationError).issues.map(
      (issue) => `${issue.path} ${issue.message}`,
    );
  }
  throw new Error('expected a RequestValidationError');
}

describe('inboundAddress', () => {
  it('is <InboundHash>@<InboundDomain>', () => {
    expect(inboundAddress(server)).toBe('abc123@inbound.example.com');
  });

  it('adds +<mailboxHash> before the @', () => {
    expect(inboundAddress(server, { mailboxHash: 'ticket-42' })).toBe(
      'abc123+ticket-42@inbound.example.com',
    );
  });

  it('takes the domain of InboundAddress when InboundDomain is empty', () => {
    expect(
      inboundAddress({
        InboundHash: 'abc123',
        InboundDomain: '',
        InboundAddress: 'abc123@in.example',
      }),
    ).toBe('abc123@in.example');
  });

  it('refuses a mailbox hash that cannot be part of an address, naming it', () => {
    for (const mailboxHash of ['', 'a b', 'a@b', '.a', 'a..b', 'a<b>']) {
      expect(issuesOf(() => inboundAddress(server, { mailboxHash }))).toEqual([
        'mailboxHash must be letters, digits and the characters an email local part allows, without @ or spaces',
      ]);
    }
  });

  it('refuses a server without a hash or a domain', () => {
    expect(issuesOf(() => inboundAddress({ InboundHash: '', InboundDomain: '' }))).toEqual([
      'server.InboundHash must be a non-empty string',
      'server.InboundDomain must be set (or InboundAddress given)',
    ]);
  });
});

describe('webhookUrl', () => {
  it('writes percent-encoded credentials into the URL', () => {
    expect(
      webhookUrl('https://app.example.com/inbound?x=1', {
        username: 'mail',
        password: 'p@ss:w/rd%41',
      }),
    ).toBe('https://mail:p%40ss%3Aw%2Frd%2541@app.example.com/inbound?x=1');
  });

  it('replaces credentials already in the URL and keeps port, path, query and fragment', () => {
    expect(
      webhookUrl('http://old:cred@127.0.0.1:8080/a/b?c=d#e', { username: 'u', password: 'p' }),
    ).toBe('http://u:p@127.0.0.1:8080/a/b?c=d#e');
  });

  it('round-trips any user name without a colon and any password through URL parsing', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1 }).filter((name) => !name.includes(':')),
        fc.string({ unit: 'grapheme' }),
        (username, password) => {
          const parsed = new URL(webhookUrl('https://hooks.example/in', { username, password }));
          expect(decodeURIComponent(parsed.username)).toBe(username);
          expect(decodeURIComponent(parsed.password)).toBe(password);
          expect(parsed.host).toBe('hooks.example');
          expect(parsed.pathname).toBe('/in');
        },
      ),
    );
  });

  it('refuses a URL that is not http(s), and a user name that is empty or has a colon', () => {
    expect(issuesOf(() => webhookUrl('ftp://x.example', { username: '', password: 'p' }))).toEqual([
      'url must be an http(s) URL',
      'username must be a non-empty string without a colon',
    ]);
    expect(issuesOf(() => webhookUrl('not a url', { username: 'a:b', password: 'p' }))).toEqual([
      'url must be an http(s) URL',
      'username must be a non-empty string without a colon',
    ]);
    expect(
      issuesOf(() => webhookUrl('https://x.example', { username: 'u', password: 1 as never })),
    ).toEqual(['password must be a string']);
  });
});
