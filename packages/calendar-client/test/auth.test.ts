/**
 * The calendar's auth helpers check what they are given when they are called, so that a missing
 * application password fails where it is written, not at the first request.
 */
import { basicAuth, nonceAuth } from '@clientkit/calendar-client';
import { describe, expect, it } from 'vitest';

describe('auth helpers', () => {
  it('refuses an empty user name, application password or nonce when the helper is called', () => {
    expect(() => basicAuth('', 'app pass word')).toThrow(/username must be a non-empty string/);
    expect(() => basicAuth('editor', '')).toThrow(/password must be a non-empty string/);
    expect(() => nonceAuth('')).toThrow(
      'Invalid arguments of nonceAuth: nonce must be a non-empty string or a function that returns one',
    );
  });
});
