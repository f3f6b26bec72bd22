/** The excerpt of an answer an error message quotes: one short line, without secrets. */
import { describe, expect, it } from 'vitest';
import { EXCERPT_LENGTH, excerptOf } from '../src/errors/excerpt';

describe('excerptOf', () => {
  it('puts the text on one line, its runs of white space as single spaces', () => {
    expect(excerptOf('<h1>\n  Bad   Gateway\n</h1>\n')).toBe('<h1> Bad Gateway </h1>');
  });

  it('cuts a long text to at most 200 characters, ending in ...', () => {
    const excerpt = excerptOf('x'.repeat(5_000));
    expect(EXCERPT_LENGTH).toBe(200);
    expect(excerpt).toHaveLength(200);
    expect(excerpt.endsWith('...')).toBe(true);
  });

  it('drops the user name and password of a URL', () => {
    expect(excerptOf('see https://admin:hunter2@internal.test/x')).toBe(
      'see https://internal.test/x',
    );
  });

  it.each([
    ['a secret query value', 'from https://internal.test/x?token=tok_5ecret&page=2', 'tok_5ecret'],
    ['a bearer credential', 'Authorization: Bearer abc.def.ghi', 'abc.def.ghi'],
    ['a basic credential', 'authorization: Basic dXNlcjpwYXNz', 'dXNlcjpwYXNz'],
    ['a secret-named JSON field', '{"access_token": "at_5ecret", "id": 1}', 'at_5ecret'],
    ['a secret-named form field', 'client_secret=cs_5ecret&grant_type=x', 'cs_5ecret'],
  ])('replaces %s', (_, text, secret) => {
    const excerpt = excerptOf(text);
    expect(excerpt).not.toContain(secret);
    expect(excerpt).toContain('[redacted]');
  });

  it('replaces a secret that straddles the point where the excerpt is cut', () => {
    const text = `${'x'.repeat(190)} "password": "p4ssw0rd-long-enough-to-cross-the-cut"`;
    expect(excerptOf(text)).not.toContain('p4ssw0rd');
  });
});
