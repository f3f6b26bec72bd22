/**
 * The tests run a real `redis-server`. On a machine without one, this setup installs the
 * distribution's package where it can (Debian or Ubuntu, as root: `apt-get install redis-server`),
 * and otherwise stops the run with the one command that installs it.
 */
import { spawnSync } from 'node:child_process';

/** Whether `redis-server` runs from the PATH. */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

function hasAptGet(): boolean {
  return spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

/** The one command a person runs to install redis-server on this machine. */
function installCommand(): string {
  if (process.platform === 'darwin') return 'brew install redis';
  if (hasAptGet()) return 'sudo apt-get update && sudo apt-get install -y redis-server';
  return 'the redis-server package of your distribution (https://redis.io/docs/latest/operate/oss_and_stack/install/)';
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  }
}

/** Makes sure `redis-server` is installed, installing Debian's package as root when it is not. */
export function ensureRedisServer(): void {
  if (hasRedisServer()) return;
  if (process.platform === 'linux' && isRoot() && hasAptGet()) {
    console.log(
      'redis-server is not installed: installing Debian’s package (apt-get install redis-server)',
    );
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'redis-server']);
    if (hasRedisServer()) return;
  }
  throw new Error(
    `These tests need redis-server, which is not installed. Install it with:\n  ${installCommand()}`,
  );
}

export default function setup(): void {
  ensureRedisServer();
}
