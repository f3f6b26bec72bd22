import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, nowMs } from './stats';

const benchDir = dirname(dirname(fileURLToPath(import.meta.url)));

/** Wall time of a fresh node (the one running the bench) that runs `code`; throws if it fails. */
function timeNode(code: string): number {
  const started = nowMs();
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: benchDir,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    // The error's own line, not the source excerpt node prints above it.
    const lines = result.stderr.split('\n');
    throw new Error(lines.find((l) => /Error\b/.test(l)) ?? lines.find((l) => l.trim()) ?? '');
  }
  return nowMs() - started;
}

export interface ImportTime {
  name: string;
  medianMs?: number;
  overBareNodeMs?: number;
  note?: string;
}

/**
 * Cold import time of each package: a fresh `node` that imports it and exits, against a fresh `node`
 * that does nothing, the median of `runs` alternating runs. A package that does not import is
 * reported with the reason, not timed.
 */
export function measureImportTimes(packages: string[], runs: number): ImportTime[] {
  const bare: number[] = [];
  const notes = new Map<string, string>();
  const byPackage = new Map<string, number[]>(packages.map((name) => [name, []]));
  for (let i = 0; i < runs; i++) {
    bare.push(timeNode(''));
    for (const name of packages) {
      if (notes.has(name)) continue;
      try {
        byPackage.get(name)!.push(timeNode(`await import('${name}')`));
      } catch (error) {
        notes.set(name, `does not import: ${(error as Error).message.slice(0, 100)}`);
      }
    }
  }
  const bareMedian = median(bare);
  return [
    { name: 'bare node', medianMs: bareMedian, overBareNodeMs: 0 },
    ...packages.map((name): ImportTime => {
      const note = notes.get(name);
      if (note) return { name, note };
      const value = median(byPackage.get(name)!);
      return { name, medianMs: value, overBareNodeMs: value - bareMedian };
    }),
  ];
}
