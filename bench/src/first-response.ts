import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, nowMs } from './stats';

const benchDir = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * A program a fresh process runs: `load` imports the package, `call` builds the client and makes
 * one call. Both are module code with `ORIGIN` and `IDM_TOKEN` in scope. By default node runs the
 * source itself (`-e`), resolving packages from the bench's node_modules; a program shipped another
 * way names the `file` node runs instead (its source bundled) and the `env` it runs with.
 */
export interface FirstResponseProgram {
  name: string;
  load: string;
  call: string;
  file?: string;
  env?: Record<string, string>;
}

/**
 * One fresh process: its wall time, the import and the call within it, and the CPU time it had
 * used when the answer came (its start included), which a busy machine inflates far less than
 * wall time.
 */
export interface Sample {
  wallMs: number;
  importMs: number;
  callMs: number;
  cpuMs: number;
}

export interface FirstResponse {
  name: string;
  /** Median wall time of the process, start to exit. */
  wallMs?: number;
  /** Median CPU time of the process, start to answer. */
  cpuMs?: number;
  /** The figures of each run, in the order of the runs: for ratios taken run by run. */
  samples?: Sample[];
  /** Median wall time over the same process doing nothing. */
  overBareNodeMs?: number;
  /** Median time of the import, inside the process. */
  importMs?: number;
  /** Median time of building the client and getting its first answer, inside the process. */
  callMs?: number;
  note?: string;
}

const MARK = 'FIRST_RESPONSE ';

/** The program's source: it prints how long its import and its call took, then exits. */
export function programSource(program: FirstResponseProgram): string {
  return [
    'const ORIGIN = process.env.BENCH_ORIGIN;',
    'const IDM_TOKEN = process.env.BENCH_IDM_TOKEN;',
    'const started = performance.now();',
    program.load,
    'const imported = performance.now();',
    program.call,
    'const answered = performance.now();',
    'const { user, system } = process.cpuUsage();',
    `console.log('${MARK}' + JSON.stringify({ importMs: imported - started, callMs: answered - imported, cpuMs: (user + system) / 1000 }));`,
    // Exits as soon as the answer is in: a pool's idle sockets must not keep one process longer.
    'process.exit(0);',
  ].join('\n');
}

/** A process's exit code and what it printed. */
interface Finished {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs node with `args` and `env` added, without blocking: a server in this process may answer it. */
function runNode(args: string[], env: Record<string, string>): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: benchDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Runs one program in a fresh process of the node running the bench; throws if it fails. */
async function runProgram(
  program: FirstResponseProgram,
  env: Record<string, string>,
): Promise<Sample> {
  const args = program.file
    ? [program.file]
    : ['--input-type=module', '-e', programSource(program)];
  const started = nowMs();
  const result = await runNode(args, { ...env, ...program.env });
  const wallMs = nowMs() - started;
  const line = result.stdout.split('\n').find((l) => l.startsWith(MARK));
  if (result.status !== 0 || !line) {
    // The error's own line, not the source excerpt node prints above it.
    const lines = result.stderr.split('\n');
    const reason = lines.find((l) => /Error\b/.test(l)) ?? lines.find((l) => l.trim());
    throw new Error(reason || `exited with ${result.status} and printed no figures`);
  }
  const marks = JSON.parse(line.slice(MARK.length)) as Omit<Sample, 'wallMs'>;
  return { wallMs, ...marks };
}

/** The program of a process that does nothing: what every figure is over. */
export const BARE_NODE: FirstResponseProgram = { name: 'bare node', load: '', call: '' };

/**
 * Time to a first answer from a fresh process, for each program: `runs` rounds, each running bare
 * node once and every program once in an order that rotates by round, so that drift on a shared
 * machine falls on all of them. Figures are medians; a program that fails is reported with the
 * reason and not run again.
 */
export async function measureFirstResponses(
  programs: FirstResponseProgram[],
  runs: number,
  env: Record<string, string>,
): Promise<FirstResponse[]> {
  const bare: Sample[] = [];
  const notes = new Map<string, string>();
  const samples = new Map<string, Sample[]>(programs.map((p) => [p.name, []]));
  for (let run = 0; run < runs; run++) {
    bare.push(await runProgram(BARE_NODE, env));
    for (let i = 0; i < programs.length; i++) {
      const program = programs[(i + run) % programs.length]!;
      if (notes.has(program.name)) continue;
      try {
        samples.get(program.name)!.push(await runProgram(program, env));
      } catch (error) {
        notes.set(program.name, `failed: ${(error as Error).message.slice(0, 100)}`);
      }
    }
  }
  const bareMs = median(bare.map((s) => s.wallMs));
  return [
    {
      name: BARE_NODE.name,
      wallMs: bareMs,
      overBareNodeMs: 0,
      cpuMs: median(bare.map((s) => s.cpuMs)),
      samples: bare,
    },
    ...programs.map((program): FirstResponse => {
      const note = notes.get(program.name);
      if (note) return { name: program.name, note };
      const own = samples.get(program.name)!;
      const wallMs = median(own.map((s) => s.wallMs));
      return {
        name: program.name,
        wallMs,
        overBareNodeMs: wallMs - bareMs,
        importMs: median(own.map((s) => s.importMs)),
        callMs: median(own.map((s) => s.callMs)),
        cpuMs: median(own.map((s) => s.cpuMs)),
        samples: own,
      };
    }),
  ];
}
