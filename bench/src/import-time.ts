import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, nowMs } from './stats';

const benchDir = dirname(dirname(fileURLToPath(import.meta.url)));

function timeNode(code: string): number {
  const started = nowMs();
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: benchDir,
  });
  if (result.status !== 0) throw new Error(`node -e ${code} failed: ${result.stderr}`);
  return nowMs() - started;
}

export interface ImportTime {
  name: string;
  medianMs: number;
  overBareNodeMs: number;
}

/**
 * Cold import time of each package: a fresh `node` that imports it and exits, against a fresh `node`
 * that does nothing, the median of `runs` alternating runs.
 */
export function measureImportTimes(packages: string[], runs: number): ImportTime[] {
  const bare: number[] = [];
  const byPackage = new Map<string, number[]>(packages.map((name) => [name, []]));
  for (let i = 0; i < runs; i++) {
    bare.push(timeNode(''));
    for (const name of packages) byPackage.get(name)!.push(timeNode(`await import('${name}')`));
  }
  const bareMedian = median(bare);
  return [
    { name: 'bare node', medianMs: bareMedian, overBareNodeMs: 0 },
    ...packages.map((name) => {
      const value = median(byPackage.get(name)!);
      return { name, medianMs: value, overBareNodeMs: value - bareMedian };
    }),
  ];
}
