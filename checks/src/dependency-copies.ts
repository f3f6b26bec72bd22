import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Dependency = 'ky' | 'zod';

/**
 * Text that only ky's or zod's own code holds, and that minifying keeps: error messages and
 * string literals, not identifiers.
 */
export const markers: Record<Dependency, RegExp[]> = {
  ky: [/Request streams are not supported in your environment/, /must not begin with a slash/],
  // zod names each of its classes with a string (`$constructor("$ZodObject", …)`) and keeps its
  // settings on one global.
  zod: [/["'`]\$Zod[A-Z]\w*["'`]/, /__zod_globalConfig/],
};

/** ky or zod as a source map names them: a file under node_modules/ky or node_modules/zod. */
const dependencySource = /(?:^|\/)node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?(ky|zod)\//;

export function filesUnder(dir: string, suffixes: string[]): string[] {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && suffixes.some((suffix) => entry.name.endsWith(suffix)))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Which of ky and zod the code in `text` carries a copy of, by their markers. */
export function copiesInCode(text: string): Dependency[] {
  return (Object.keys(markers) as Dependency[]).filter((dependency) =>
    markers[dependency].some((marker) => marker.test(text)),
  );
}

/** Which of ky and zod a source map says went into its file, with how many of their files. */
export function copiesInSourceMap(mapFile: string): string[] {
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources?: string[] };
  const counts = new Map<string, number>();
  for (const source of map.sources ?? []) {
    const dependency = dependencySource.exec(source)?.[1];
    if (dependency) counts.set(dependency, (counts.get(dependency) ?? 0) + 1);
  }
  return [...counts].map(([dependency, files]) => `${files} files of ${dependency}`);
}
