import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SecretMap } from '../src/secret-map';

describe('SecretMap (how the server keeps docs tokens, metering API keys and session tokens)', () => {
  it('finds a value by its secret, and nothing by a near miss', () => {
    const tokens = new SecretMap([['docs-dev-user-ada', 'usr_ada']]);
    expect(tokens.get('docs-dev-user-ada')).toBe('usr_ada');
    expect(tokens.get('docs-dev-user-ad')).toBeUndefined();
    expect(tokens.has('docs-dev-user-adb')).toBe(false);
    tokens.delete('docs-dev-user-ada');
    expect(tokens.size).toBe(0);
  });

  it('does not keep the secrets themselves, so no dump of the state can show them', () => {
    const keys = new SecretMap([['sk_test_clientkit_dev_key', true] as const]);
    expect(inspect(keys, { showHidden: true, depth: 5 })).not.toContain('sk_test');
    expect(JSON.stringify([...keys.values()])).not.toContain('sk_test');
  });
});
