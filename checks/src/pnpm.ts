import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceRoot } from './published-packages';
import { run } from './run';

/**
 * The command that runs the workspace's own pnpm (root `packageManager`): pnpm from the PATH when
 * it is that version, else the same version through npx.
 */
export function pnpmCommand(): [string, ...string[]] {
  const manifest = JSON.parse(readFileSync(join(workspaceRoot, 'package.json'), 'utf8')) as {
    packageManager: string;
  };
  const version = manifest.packageManager.replace(/^pnpm@/, '');
  return onPath(version) ? ['pnpm'] : ['npx', '--yes', `pnpm@${version}`];
}

function onPath(version: string): boolean {
  try {
    return run('pnpm', ['--version'], workspaceRoot).stdout.trim() === version;
  } catch {
    return false;
  }
}
