import { spawn, spawnSync } from 'node:child_process';

/** A node binary to run the suite on. */
export interface Runtime {
  label: string;
  execPath?: string;
  /** Why this runtime could not be had. */
  note?: string;
}

/**
 * The runtimes of one `pnpm bench`: the node running it, and each major version listed in
 * BENCH_NODE_VERSIONS (default `24`, the current LTS) taken from the npm registry's `node` package
 * through npx, as scripts/test-runtimes.sh does. BENCH_NODE_VERSIONS= (empty) runs only the first.
 */
export function runtimes(): Runtime[] {
  const found: Runtime[] = [{ label: `Node ${process.version}`, execPath: process.execPath }];
  const versions = (process.env.BENCH_NODE_VERSIONS ?? '24').split(',').filter(Boolean);
  for (const version of versions) {
    const result = spawnSync(
      'npx',
      ['--yes', '--package', `node@${version}`, '--call', 'node -p process.execPath'],
      { encoding: 'utf8' },
    );
    const execPath = result.stdout.trim().split('\n').pop();
    if (result.status !== 0 || !execPath) {
      found.push({ label: `Node ${version}`, note: `npx could not provide node@${version}` });
      continue;
    }
    const actual = spawnSync(execPath, ['--version'], { encoding: 'utf8' }).stdout.trim();
    found.push({ label: `Node ${actual}`, execPath });
  }
  return found;
}

/** Runs `script` on a runtime with `env` added; its stderr goes to ours, its stdout is returned. */
export function runOn(
  runtime: Runtime & { execPath: string },
  script: string,
  env: Record<string, string>,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(runtime.execPath, ['--expose-gc', '--enable-source-maps', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`the bench on ${runtime.label} exited with ${code}`));
    });
  });
}
