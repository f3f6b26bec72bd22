import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without type declarations
import { lazyChunkBytes, MODULES, programBytes } from '../scripts/module-cost.mjs';

let dir: string;
let heavy: string;
let program: string;

// Random digits do not compress, so the module's share of each figure is plain to see.
const filler = () => Array.from({ length: 200 }, () => Math.random()).join('');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'module-cost-'));
  heavy = join(dir, 'heavy.js');
  writeFileSync(join(dir, 'shared.js'), `export const shared = '${filler()}';`);
  writeFileSync(
    heavy,
    `import { shared } from './shared.js';\nexport const heavy = '${filler()}' + shared;`,
  );
  program = `import { heavy } from '${heavy}';\nimport { shared } from '${join(dir, 'shared.js')}';\nconsole.log(heavy, shared);`;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('module cost (scripts/module-cost.mjs)', () => {
  it('takes a module’s static cost as the program less the program without it', async () => {
    const whole = await programBytes(program);
    const without = await programBytes(program, [heavy]);
    // The module's own digits go; the shared module the program also uses stays.
    expect(whole - without).toBeGreaterThan(1000);
    expect(without).toBeGreaterThan(1000);
  });

  it('puts the module in a chunk of its own and leaves what the program shares with it out of it', async () => {
    const chunk = await lazyChunkBytes(program, [heavy]);
    const sharedToo = await lazyChunkBytes(`console.log(1);`, [heavy]);
    // Its own digits are in the chunk; the shared module's are too only when the program lacks it.
    expect(chunk).toBeGreaterThan(1000);
    expect(sharedToo - chunk).toBeGreaterThan(1000);
  });

  it('names a program of size.mjs and existing source files for every module it measures', async () => {
    // @ts-expect-error: a plain ESM script without type declarations
    const { programs } = await import('../scripts/size.mjs');
    for (const module of MODULES as { program: string; files: string[] }[]) {
      expect(Object.keys(programs)).toContain(module.program);
      for (const file of module.files) {
        expect(() => readFileSync(join(import.meta.dirname, '../..', file))).not.toThrow();
      }
    }
  });
});
