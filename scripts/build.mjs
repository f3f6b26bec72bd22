#!/usr/bin/env node
// `pnpm build`: turbo's build, reported as one line per package (its name, how long it took, and
// ok, ok from the cache, or FAILED) as each one finishes, with the full log of a package only when
// its build fails. Arguments go on to `turbo run build` (`pnpm build --filter=@clientkit/core...`);
// `pnpm turbo run build --output-logs=full` shows every line of every build instead.
//
// turbo has no event for a task's end, but with its output grouped by task and cut to the hash
// line, that line arrives when the task is done. How long a task took is counted from the moment
// its last dependency was done (or the run began), which is when turbo can start it: the plan
// (`--dry-run=json`) says which task depends on which.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

const turbo = createRequire(import.meta.url).resolve('turbo/bin/turbo');

/** A task's hash line, which grouped output prints once the task is done. */
const FINISHED = /^(\S+):build: cache (hit|miss|bypass)\b/;
/** turbo's report of a task whose command failed. */
const FAILED = /^(\S+)#build:\s+ERROR\b/;
/**
 * How long a finished package's line waits for turbo's report of its failure, which turbo writes
 * right after the package's hash line.
 */
const SETTLE_MS = 250;
/** turbo's own lines kept to show when it fails before any build does (a bad flag, say). */
const MAX_TURBO_LINES = 500;

/** The folder of turbo.json above the working directory: where turbo's log paths start. */
function repositoryRoot() {
  let folder = process.cwd();
  while (!existsSync(join(folder, 'turbo.json'))) {
    const parent = dirname(folder);
    if (parent === folder) return process.cwd();
    folder = parent;
  }
  return folder;
}

/** The builds turbo would run, by package name, with their dependencies and log files. */
function plannedBuilds(args) {
  const dry = spawnSync(process.execPath, [turbo, 'run', 'build', '--dry-run=json', ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (dry.status !== 0) {
    process.stderr.write(`${dry.stdout}${dry.stderr}\n`);
    process.exit(dry.status ?? 1);
  }
  const root = repositoryRoot();
  const builds = new Map();
  for (const task of JSON.parse(dry.stdout).tasks) {
    if (task.command === '<NONEXISTENT>') continue;
    builds.set(task.package, {
      dependencies: task.dependencies.map((id) => id.replace(/#build$/, '')),
      logFile: join(root, task.logFile),
    });
  }
  return builds;
}

/** Runs turbo with its output grouped by task and cut to hash lines, stderr into the same pipe. */
function runTurbo(args) {
  const command = [
    turbo,
    'run',
    'build',
    '--log-order=grouped',
    '--output-logs=hash-only',
    '--log-prefix=task',
    ...args,
  ];
  // One pipe for both streams keeps turbo's order: a task's failure right after its hash line.
  return spawn('sh', ['-c', 'exec "$0" "$@" 2>&1', process.execPath, ...command], {
    stdio: ['inherit', 'pipe', 'inherit'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
}

const count = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function printLog(logFile) {
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : `(no log at ${logFile})\n`;
  const rule = '-'.repeat(20);
  process.stdout.write(`${rule} ${logFile}\n${log}${rule}\n`);
}

/** What a run has shown of each planned build, and the one line per package it prints. */
class BuildReport {
  began = performance.now();
  finishedAt = new Map();
  cached = new Set();
  failed = new Set();
  printed = new Set();
  /** Finished packages whose line waits for a possible report of their failure. */
  pending = [];
  timer = undefined;

  constructor(builds) {
    this.builds = builds;
    this.width = Math.max(0, ...[...builds.keys()].map((name) => name.length));
  }

  begin() {
    this.began = performance.now();
  }

  finish(name, fromCache) {
    this.settle();
    this.finishedAt.set(name, performance.now());
    if (fromCache) this.cached.add(name);
    this.pending.push(name);
    this.timer = setTimeout(() => this.settle(), SETTLE_MS);
  }

  fail(name) {
    this.failed.add(name);
    // Reported after its line said ok: said again, FAILED, with the log.
    if (this.printed.has(name)) this.print(name);
  }

  settle() {
    clearTimeout(this.timer);
    for (const name of this.pending) this.print(name);
    this.pending = [];
  }

  /** When the build started: once its last dependency was done, or when the run began. */
  startOf(name) {
    const dependencies = this.builds.get(name)?.dependencies ?? [];
    return Math.max(this.began, ...dependencies.map((dep) => this.finishedAt.get(dep) ?? 0));
  }

  line(name, time, outcome) {
    console.log(`${name.padEnd(this.width)}  ${time.padStart(8)}  ${outcome}`);
  }

  print(name) {
    this.printed.add(name);
    const end = this.finishedAt.get(name);
    const time = end === undefined ? '-' : seconds(end - this.startOf(name));
    if (!this.failed.has(name))
      return this.line(name, time, this.cached.has(name) ? 'ok (cached)' : 'ok');
    this.line(name, time, 'FAILED');
    const logFile = this.builds.get(name)?.logFile;
    if (logFile) printLog(logFile);
  }

  /** The lines still owed (packages never built after a failure), then the total; failures. */
  close(status) {
    this.settle();
    for (const name of this.failed) if (!this.printed.has(name)) this.print(name);
    for (const name of this.builds.keys()) {
      if (!this.printed.has(name)) this.line(name, '-', 'not built');
    }
    const took = seconds(performance.now() - this.began);
    const built = [...this.printed].filter((name) => !this.failed.has(name)).length;
    if (status === 0) {
      console.log(
        `${count(built, 'package')} built in ${took} (${this.cached.size} from the cache)`,
      );
    } else if (this.failed.size > 0) {
      console.log(`build failed after ${took}: ${[...this.failed].join(', ')} (log above)`);
    }
    return this.failed.size;
  }
}

function main() {
  const args = process.argv.slice(2);
  const report = new BuildReport(plannedBuilds(args));
  const turboLines = [];
  const child = runTurbo(args);
  const lines = createInterface({ input: child.stdout });
  // turbo's first line comes once it has hashed the inputs, when the builds can begin.
  lines.once('line', () => report.begin());
  lines.on('line', (line) => {
    const failure = FAILED.exec(line);
    if (failure) return void report.fail(failure[1]);
    const done = FINISHED.exec(line);
    if (done) return void report.finish(done[1], done[2] === 'hit');
    report.settle();
    if (turboLines.length < MAX_TURBO_LINES) turboLines.push(line);
  });
  child.on('close', (code) => {
    const status = code ?? 1;
    const failures = report.close(status);
    // turbo stopped on its own account (a bad flag, a broken turbo.json): its words say why.
    if (status !== 0 && failures === 0) process.stderr.write(`${turboLines.join('\n')}\n`);
    process.exit(status);
  });
}

main();
