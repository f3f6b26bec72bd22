import { spawnSync } from 'node:child_process';

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end, keeping its output; a command that cannot start is an error. `env`
 * adds variables to the environment.
 */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): RunResult {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...outsideTheWorkspace(process.env), ...env },
  });
  if (result.error) throw new Error(`${command} ${args.join(' ')}: ${result.error.message}`);
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Like `run`, but a failing command is an error carrying what it printed. */
export function runOrThrow(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): string {
  const result = run(command, args, cwd, env);
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} (in ${cwd}) exited ${result.status}:\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

/**
 * The environment without what pnpm sets for the workspace package running the tests: npm would
 * read `npm_config_local_prefix` as the project to install into.
 */
function outsideTheWorkspace(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(
      ([key]) => !/^npm_(config_local_prefix|package_|lifecycle_)/.test(key),
    ),
  );
}
