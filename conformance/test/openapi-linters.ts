import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';

const { Spectral, Document } = spectralCore;

/** What a linter found in one document: the count of each rule's findings, errors and warnings apart. */
export interface LintFindings {
  errors: Record<string, number>;
  warnings: Record<string, number>;
  /** One line per error: rule, where, and what. */
  errorLines: string[];
}

function emptyFindings(): LintFindings {
  return { errors: {}, warnings: {}, errorLines: [] };
}

function count(counts: Record<string, number>, rule: string): void {
  counts[rule] = (counts[rule] ?? 0) + 1;
}

interface RedoclyProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { source: { ref: string }; pointer?: string }[];
}

/**
 * The JSON objects of a text that holds several one after the other, as `redocly lint --format
 * json` prints one per document.
 */
export function concatenatedJson(text: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') {
      if (depth === 0) start = index;
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) values.push(JSON.parse(text.slice(start, index + 1)));
    }
  }
  return values;
}

const require = createRequire(import.meta.url);
const run = promisify(execFile);

/**
 * Runs Redocly CLI (`redocly lint`, the `recommended` ruleset) once over files named
 * `<document>.json`, and sorts its findings by document. Telemetry and the update check are off: the
 * tests reach no network.
 */
export async function redoclyLint(files: string[]): Promise<Record<string, LintFindings>> {
  const cli = join(require.resolve('@redocly/cli/package.json'), '..', 'bin', 'cli.js');
  const { stdout } = await run(
    process.execPath,
    [
      cli,
      'lint',
      '--extends',
      'recommended',
      '--format',
      'json',
      '--max-problems',
      '10000',
      ...files,
    ],
    {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string }) => {
    // The CLI exits 1 when it finds errors; its report is still on stdout.
    if (typeof error.stdout === 'string' && error.stdout.includes('"problems"')) return error;
    throw error;
  });
  const findings: Record<string, LintFindings> = {};
  for (const file of files) findings[basename(file, '.json')] = emptyFindings();
  for (const report of concatenatedJson(stdout!) as { problems: RedoclyProblem[] }[]) {
    for (const problem of report.problems) {
      const where = problem.location[0];
      const found = findings[basename(where?.source.ref ?? '', '.json')];
      if (!found)
        throw new Error(`Redocly reported on a file it was not given: ${where?.source.ref}`);
      if (problem.severity === 'error') {
        count(found.errors, problem.ruleId);
        found.errorLines.push(`${problem.ruleId} at ${where?.pointer}: ${problem.message}`);
      } else count(found.warnings, problem.ruleId);
    }
  }
  return findings;
}

const SPECTRAL_SEVERITY = ['error', 'warn', 'info', 'hint'] as const;

/** Runs Spectral with the `spectral:oas` ruleset (its recommended rules) over one document file. */
export async function spectralLint(file: string): Promise<LintFindings> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
  const text = await readFile(file, 'utf8');
  const results = await spectral.run(new Document(text, spectralParsers.Json, file));
  const findings = emptyFindings();
  for (const result of results) {
    const severity = SPECTRAL_SEVERITY[result.severity];
    const rule = String(result.code);
    if (severity === 'error') {
      count(findings.errors, rule);
      findings.errorLines.push(`${rule} at ${result.path.join('.')}: ${result.message}`);
    } else count(findings.warnings, rule);
  }
  return findings;
}

/** Writes each document to `<dir>/<name>.json` and answers the file names. */
export async function writeDocuments(
  dir: string,
  documents: Record<string, unknown>,
): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const [name, document] of Object.entries(documents)) {
    files[name] = join(dir, `${name}.json`);
    await writeFile(files[name], JSON.stringify(document, null, 2));
  }
  return files;
}
