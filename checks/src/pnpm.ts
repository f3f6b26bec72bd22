import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceRoot } from './published-packages';
import { run } from './run';

/** Found once per process: each look starts a pnpm. */
let found: [string, ...string[]] | undefined;

/**
 * The command that runs the workspace's own pnpm (root `packageManager`): pnpm from the PATH when
 * it is that version, else the same version through npx.
 */
export function pnpmCommand(): [string, ...string[]] {
  const version = workspacePnpmVersion();
  found ??= onPath(version) ? ['pnpm'] : ['npx', '--yes', `pnpm@${version}`];
  return found;
}

/** The pnpm version the root package.json's `packageManager` names. */
export function workspacePnpmVersion(): string {
  const manifest = JSON.parse(readFileSync(join(workspaceRoot, 'package.json'), 'utf8')) as {
    packageManager: string;
  };
  return manifest.packageManager.replace(/^pnpm@/, '');
}

function onPath(version: string): boolean {
  try {
    return run('pnpm', ['--version'], workspaceRoot).stdout.trim() === version;
  } catch {
    return false;
  }
}
