import { spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_HEAD, type BundleSize, bundleRows } from './bundle-table';
import { type Runtime, runOn, runtimes } from './runtimes';
import { nowMs } from './stats';
import { runSuite } from './suite';
import type { SummaryLine } from './summary-line';
import { table } from './table';

// `pnpm bench`: every figure in one run, on Node 20 and on the current LTS, each of our clients
// beside bare ky, raw fetch and the official SDK of the service it models. BENCH_QUICK=1 runs a
// short smoke version. The parent process only starts one child per runtime and prints.
const quick = process.env.BENCH_QUICK === '1';
const benchDir = dirname(dirname(fileURLToPath(import.meta.url)));
const SUMMARY_MARK = 'BENCH_SUMMARY ';

/** In a child: the whole suite on this node; tables to stdout, the summary as its last line. */
async function child(): Promise<void> {
  const tables: string[] = [];
  let sectionStarted = nowMs();
  const { summary } = await runSuite({ quick }, (text) => {
    // Each section's own time, so the ten-minute budget of the whole run can be checked part by part.
    const seconds = `(${((nowMs() - sectionStarted) / 1000).toFixed(0)} s)\n`;
    sectionStarted = nowMs();
    tables.push(text, seconds);
    console.error(text, seconds); // progress as it happens
  });
  console.log(tables.join('\n'));
  console.log(`${SUMMARY_MARK}${JSON.stringify(summary)}`);
}

/** Bundle sizes do not depend on the runtime: measured once, ours and the peers. */
function bundleTable(): string {
  const size = spawnSync(
    process.execPath,
    [join(benchDir, 'scripts/size.mjs'), '--json', '--peers'],
    { encoding: 'utf8' },
  );
  let measured: { alarmBytes: number; rows: BundleSize[] };
  try {
    // A client at the alarm makes the script exit 1; it still prints the figures.
    measured = JSON.parse(size.stdout) as { alarmBytes: number; rows: BundleSize[] };
  } catch {
    return `Bundle sizes could not be measured: ${size.stderr.split('\n')[0]}\n`;
  }
  return table(
    `Bundle size: esbuild, browser, ESM, minified, ky and zod inside, gzip (alarm at ${measured.alarmBytes.toLocaleString('en')} B per client)`,
    BUNDLE_HEAD,
    bundleRows(measured.rows, measured.alarmBytes),
  );
}

/** The closing table: every ratio against a peer, one column per runtime. */
function summaryTable(results: { runtime: Runtime; summary: SummaryLine[] }[]): string {
  const labels = [...new Set(results.flatMap((r) => r.summary.map((line) => line.label)))];
  return table(
    'Ratios against the official SDKs and bare ky (clientkit / peer)',
    ['figure', ...results.map((r) => r.runtime.label)],
    labels.map((label) => [
      label,
      ...results.map((r) => r.summary.find((line) => line.label === label)?.value ?? 'n/a'),
    ]),
  );
}

async function parent(): Promise<void> {
  const started = nowMs();
  const script = fileURLToPath(import.meta.url);
  const out: string[] = [
    `clientkit benchmarks, ${new Date().toISOString()}${quick ? ' (BENCH_QUICK)' : ''}`,
    `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
    '',
  ];
  const results: { runtime: Runtime; summary: SummaryLine[] }[] = [];
  for (const runtime of runtimes()) {
    out.push(`## ${runtime.label}`, '');
    if (!runtime.execPath) {
      out.push(`Not run: ${runtime.note}`, '');
      continue;
    }
    console.error(`== ${runtime.label}`);
    const runtimeStarted = nowMs();
    try {
      const output = await runOn({ ...runtime, execPath: runtime.execPath }, script, {
        BENCH_RUNTIME_CHILD: '1',
      });
      const lines = output.split('\n');
      const mark = lines.find((line) => line.startsWith(SUMMARY_MARK));
      out.push(lines.filter((line) => !line.startsWith(SUMMARY_MARK)).join('\n'));
      out.push(`${runtime.label}: ${((nowMs() - runtimeStarted) / 1000).toFixed(0)} s in all`, '');
      results.push({
        runtime,
        summary: mark ? (JSON.parse(mark.slice(SUMMARY_MARK.length)) as SummaryLine[]) : [],
      });
    } catch (error) {
      out.push(`Failed: ${(error as Error).message}`, '');
    }
  }
  out.push('## Every runtime', '', bundleTable(), summaryTable(results));
  out.push(`Total bench time: ${((nowMs() - started) / 1000).toFixed(0)} s`);
  console.log(out.join('\n'));
}

await (process.env.BENCH_RUNTIME_CHILD === '1' ? child() : parent());
