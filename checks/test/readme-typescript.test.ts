import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishedPackages, workspaceRoot } from '../src/published-packages';
import { readReadme, section } from '../src/readme';
import { runsInBrowsers, typeSetupsTable } from '../src/type-setups';

// The TypeScript section of each package README states the compiler options the packed type files
// are compiled under (test/packed/consumer-types.test.ts), word for word from the same list.
const readmes = publishedPackages().map((pkg) => ({
  ...pkg,
  typescript: section(
    readReadme(relative(workspaceRoot, join(pkg.dir, 'README.md'))),
    'TypeScript',
  ),
}));

describe('the TypeScript section of every package README', () => {
  it.each(readmes)('$name: holds the table of the tested compilerOptions', ({ typescript }) => {
    expect(typescript).toContain(typeSetupsTable());
  });

  it.each(readmes)(
    '$name: requires target with bundler resolution, naming the error its absence gives',
    ({ typescript }) => {
      expect(typescript).toContain('Set `target` when resolving as a bundler does');
      expect(typescript).toContain('TS18028');
      expect(typescript).toContain('`"target": "es2022"`');
    },
  );

  it.each(readmes)(
    '$name: says which of its entry points need Node types (@types/node)',
    ({ specifiers, typescript }) => {
      const nodeOnly = specifiers.filter((specifier) => !runsInBrowsers(specifier));
      for (const specifier of nodeOnly) expect(typescript).toContain(`\`${specifier}\``);
      if (nodeOnly.length > 0) expect(typescript).toContain('`npm install --save-dev @types/node`');
      else expect(typescript).toContain("No entry point needs Node's types");
    },
  );
});
