import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishedPackages, readManifest } from '../src/published-packages';

describe('the checks package', () => {
  it('depends on every published package, so that turbo builds each one before these checks', () => {
    const manifest = readManifest(join(import.meta.dirname, '..'));
    const missing = publishedPackages()
      .map((pkg) => pkg.name)
      .filter((name) => manifest.dependencies?.[name] !== 'workspace:*');
    expect(missing).toEqual([]);
  });
});
