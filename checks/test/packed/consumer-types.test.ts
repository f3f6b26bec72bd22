import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { compile } from '../../src/compile';
import { publishedPackages } from '../../src/published-packages';
import { typeSetups } from '../../src/type-setups';

const dir = inject('consumerDir');

describe('the packed packages in a strict consumer project (skipLibCheck: false)', () => {
  it('imports every public entry point of every published package in one file', () => {
    const source = readFileSync(join(dir, 'consumer.ts'), 'utf8');
    const imported = [...source.matchAll(/^import \* as \w+ from '([^']+)';$/gm)].map((m) => m[1]);
    const specifiers = publishedPackages().flatMap((pkg) => pkg.specifiers);
    expect(specifiers).toContain('@clientkit/core');
    expect(imported).toEqual(specifiers);
  });

  for (const setup of typeSetups) {
    it(`compiles with zero errors under ${setup.name} (${setup.entry}, module ${setup.module}, moduleResolution ${setup.moduleResolution})`, () => {
      const { status, errors, output } = compile(dir, setup);
      expect(errors).toEqual([]);
      expect(status, output).toBe(0);
    });
  }
});
