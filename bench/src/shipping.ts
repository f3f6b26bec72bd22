import { mkdtempSync, rmSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildFailure, build } from 'esbuild';
import {
  type FirstResponse,
  type FirstResponseProgram,
  measureFirstResponses,
  programSource,
} from './first-response';

const benchDir = dirname(dirname(fileURLToPath(import.meta.url)));

/** How a script reaches the machine that runs it: as written, bundled, with Node's compile cache. */
export type Shipping = 'plain' | 'bundled' | 'compile cache' | 'bundled + compile cache';

export const SHIPPINGS: Shipping[] = [
  'plain',
  'bundled',
  'compile cache',
  'bundled + compile cache',
];

/** Node 22.8 and later keep compiled code between runs (`module.enableCompileCache()`). */
export const compileCacheAvailable = 'enableCompileCache' in module;

export interface ShippedResult {
  program: string;
  shipping: Shipping;
  /** Named after the program; a note in place of figures where it could not be shipped so. */
  result: FirstResponse;
}

/**
 * The first response of each program shipped each way, and of `floor` (raw fetch, which has
 * nothing to bundle) as written, all in the same rounds. Bundled means esbuild's one ESM file for
 * Node with every package inside; compile cache means `NODE_COMPILE_CACHE` set to a directory that
 * one unmeasured run filled first, as the second start of a CLI finds it.
 */
export async function measureShipping(
  programs: FirstResponseProgram[],
  floor: FirstResponseProgram,
  runs: number,
  env: Record<string, string>,
): Promise<{ bare: FirstResponse; shipped: ShippedResult[] }> {
  const workDir = mkdtempSync(join(tmpdir(), 'clientkit-bench-shipping-'));
  try {
    const ways: Way[] = [{ program: floor.name, shipping: 'plain', run: floor }];
    for (const program of programs) ways.push(...(await shipEachWay(program, workDir)));
    const runnable = ways.flatMap((way) => (way.run ? [way.run] : []));
    const cached = runnable.filter((run) => run.env?.NODE_COMPILE_CACHE !== undefined);
    if (cached.length > 0) await measureFirstResponses(cached, 1, env);
    const [bare, ...results] = await measureFirstResponses(runnable, runs, env);
    const byName = new Map(results.map((result) => [result.name, result]));
    const shipped = ways.map(({ program, shipping, run, note }) => ({
      program,
      shipping,
      result: run ? { ...byName.get(run.name)!, name: program } : { name: program, note },
    }));
    return { bare: bare!, shipped };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** One program shipped one way: what to run, or why this Node cannot run it so. */
interface Way {
  program: string;
  shipping: Shipping;
  run?: FirstResponseProgram;
  note?: string;
}

async function shipEachWay(program: FirstResponseProgram, workDir: string): Promise<Way[]> {
  const slug = program.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-/, '');
  const file = join(workDir, `${slug}.mjs`);
  const bundleError = await bundleInto(program, file).then(
    () => undefined,
    (error: BuildFailure) => `bundle failed: ${error.errors?.[0]?.text ?? error.message}`,
  );
  const cache = (kind: string) => ({ NODE_COMPILE_CACHE: join(workDir, `${slug}-${kind}-cache`) });
  const ways: [Shipping, Partial<FirstResponseProgram>][] = [
    ['plain', {}],
    ['bundled', { file }],
    ['compile cache', { env: cache('plain') }],
    ['bundled + compile cache', { file, env: cache('bundled') }],
  ];
  return ways.map(([shipping, how]): Way => {
    const way = { program: program.name, shipping };
    if (how.file && bundleError) return { ...way, note: bundleError };
    if (how.env && !compileCacheAvailable) {
      return { ...way, note: `no compile cache in Node ${process.versions.node}` };
    }
    return { ...way, run: { ...program, ...how, name: `${program.name} (${shipping})` } };
  });
}

/** The program as one file, every package inside, as `esbuild --bundle --platform=node` makes it. */
export async function bundleInto(program: FirstResponseProgram, outfile: string): Promise<void> {
  await build({
    stdin: { contents: programSource(program), resolveDir: benchDir, loader: 'js' },
    // Packages resolve as in an application: through node_modules to their published builds, not
    // through the repository tsconfig's paths to the sources.
    tsconfigRaw: {},
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'silent',
  });
}
