import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  copiesInCode,
  copiesInSourceMap,
  type Dependency,
  filesUnder,
  markers,
} from '../src/dependency-copies';
import { publishedPackages, workspaceRoot } from '../src/published-packages';

const packages = publishedPackages();
const distFiles = (suffixes: string[]) =>
  packages.flatMap((pkg) => filesUnder(join(pkg.dir, 'dist'), suffixes));
const shown = (file: string) => relative(workspaceRoot, file);

/** ky or zod as an application's bundler would ship them: resolved from core, minified. */
async function minifiedCopyOf(dependency: Dependency): Promise<string> {
  const programs: Record<Dependency, string> = {
    ky: `import ky from 'ky'; console.log(await ky.get('https://example.test').json());`,
    zod: `import * as z from 'zod/mini'; console.log(z.object({ a: z.string() }).parse({}));`,
  };
  const core = packages.find((pkg) => pkg.name === '@clientkit/core')!;
  const result = await esbuild.build({
    stdin: { contents: programs[dependency], resolveDir: core.dir },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('dependencies stay dependencies: no dist file carries a copy of ky or zod', () => {
  it('finds every marker of ky and of zod in that library bundled and minified', async () => {
    for (const dependency of ['ky', 'zod'] as const) {
      const code = await minifiedCopyOf(dependency);
      const missing = markers[dependency].filter((marker) => !marker.test(code));
      expect(missing, `markers not found in ${dependency}`).toEqual([]);
      expect(copiesInCode(code)).toEqual([dependency]);
    }
  });

  it("finds no marker in the packages' own sources, so a hit is a copy", () => {
    const hits = packages
      .flatMap((pkg) => filesUnder(join(pkg.dir, 'src'), ['.ts']))
      .map((file) => ({ file: shown(file), copies: copiesInCode(readFileSync(file, 'utf8')) }))
      .filter(({ copies }) => copies.length > 0);
    expect(hits).toEqual([]);
  });

  it('has built dist files to look at, with their source maps', () => {
    for (const pkg of packages) {
      expect(filesUnder(join(pkg.dir, 'dist'), ['.js']), pkg.name).not.toEqual([]);
      expect(filesUnder(join(pkg.dir, 'dist'), ['.map']), pkg.name).not.toEqual([]);
    }
  });

  it('lists no file of ky or zod among the sources of any dist source map', () => {
    const hits = distFiles(['.map'])
      .map((file) => ({ file: shown(file), sources: copiesInSourceMap(file) }))
      .filter(({ sources }) => sources.length > 0);
    expect(hits).toEqual([]);
  });

  it("holds none of ky's or zod's code in any dist JavaScript file", () => {
    const hits = distFiles(['.js', '.cjs', '.mjs'])
      .map((file) => ({ file: shown(file), copies: copiesInCode(readFileSync(file, 'utf8')) }))
      .filter(({ copies }) => copies.length > 0);
    expect(hits).toEqual([]);
  });
});
