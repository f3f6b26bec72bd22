import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { compile } from '../../src/compile';
import { publishedPackages } from '../../src/published-packages';
import { setupWithoutTarget, typeSetups } from '../../src/type-setups';

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
    const { module, moduleResolution, target } = setup.compilerOptions;
    it(`compiles with zero errors for ${setup.name} (${setup.entry}, module ${module}, moduleResolution ${moduleResolution}, target ${target ?? 'not set'})`, () => {
      const { status, errors, output } = compile(dir, setup);
      expect(errors).toEqual([]);
      expect(status, output).toBe(0);
    });
  }

  it('needs target with bundler resolution: without it, every error is TS18028 at a #private of the type files (the READMEs require target)', () => {
    const { errors } = compile(dir, setupWithoutTarget);
    expect(errors.length).toBeGreaterThan(0);
    const others = errors.filter(
      (error) =>
        !/^node_modules\/@clientkit\/[^(]+\.d\.c?ts\(\d+,\d+\): error TS18028: /.test(error),
    );
    expect(others).toEqual([]);
  });
});
