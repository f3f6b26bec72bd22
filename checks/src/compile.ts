import { join } from 'node:path';
import { installedPackageDir } from './installed-package';
import { run } from './run';
import { type TypeSetup, tsconfigFileOf } from './type-setups';

export interface Compilation {
  status: number | null;
  /** Each diagnostic tsc printed, continuation lines included. */
  errors: string[];
  output: string;
}

/** Type-checks the consumer project under one setup with the workspace's TypeScript. */
export function compile(dir: string, setup: TypeSetup): Compilation {
  const tsc = join(installedPackageDir('typescript', import.meta.dirname), 'bin', 'tsc');
  const args = [tsc, '-p', tsconfigFileOf(setup), '--pretty', 'false'];
  const { status, stdout, stderr } = run(process.execPath, args, dir);
  return { status, errors: diagnosticsIn(stdout), output: stdout + stderr };
}

/** tsc's plain output: a diagnostic starts at the line's start, its details are indented. */
function diagnosticsIn(output: string): string[] {
  const diagnostics: string[] = [];
  for (const line of output.split('\n')) {
    if (line.trim() === '') continue;
    if (/^\s/.test(line) && diagnostics.length > 0)
      diagnostics[diagnostics.length - 1] += `\n${line}`;
    else diagnostics.push(line);
  }
  return diagnostics;
}
