import { describe, expect, it } from 'vitest';
import { mergeOptions } from '../src/testing/merge-options';

const alternatives = [['auth', 'token']] as const;

describe('mergeOptions (the kit’s overrides over its defaults)', () => {
  it('keeps the defaults an override does not name and replaces those it names', () => {
    expect(mergeOptions({ baseUrl: 'a', timeout: 1 }, { timeout: 2 })).toEqual({
      baseUrl: 'a',
      timeout: 2,
    });
  });

  it('unsets a default the override gives as undefined', () => {
    expect(mergeOptions({ baseUrl: 'a', auth: 'x' }, { auth: undefined })).toEqual({
      baseUrl: 'a',
      auth: undefined,
    });
  });

  it('drops the default of one alternative when the override names the other', () => {
    expect(mergeOptions({ auth: 'x' }, { token: 't' }, alternatives)).toEqual({ token: 't' });
    expect(mergeOptions({ token: 't' }, { auth: 'x' }, alternatives)).toEqual({ auth: 'x' });
  });

  it('keeps both alternatives when the override names both, for the client to refuse', () => {
    expect(mergeOptions({}, { auth: 'x', token: 't' }, alternatives)).toEqual({
      auth: 'x',
      token: 't',
    });
  });

  it('leaves the defaults untouched', () => {
    const defaults = { auth: 'x' };
    mergeOptions(defaults, { token: 't' }, alternatives);
    expect(defaults).toEqual({ auth: 'x' });
  });
});
