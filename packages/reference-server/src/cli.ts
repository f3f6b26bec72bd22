#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { type CliArguments, parseCliArguments, UsageError, usage } from './cli/arguments';
import { formatBanner } from './cli/banner';
import { parseProxyArguments, runProxy } from './cli/proxy-command';
import { parseReplayArguments, runReplay } from './cli/replay-command';
import { PortInUseError, startCli } from './cli/start';

function fail(message: string, code: number): never {
  console.error(code === 2 ? `${message}\n\n${usage}` : message);
  process.exit(code);
}

function readSeed(file: string | undefined): Record<string, unknown> | undefined {
  if (!file) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--seed ${file}: ${(error as Error).message}`);
  }
}

async function main(args: CliArguments): Promise<void> {
  const seed = readSeed(args.seedFile);
  const start = await startCli({ ...args, ...(seed ? { seed } : {}) });
  console.log(formatBanner(start, args.admin));
  const stop = async () => {
    await start.server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function showUsage(): never {
  console.log(usage);
  process.exit(0);
}

async function run(): Promise<void> {
  const [mode, ...rest] = process.argv.slice(2);
  if (mode === 'proxy') {
    const args = parseProxyArguments(rest);
    return args.help ? showUsage() : runProxy(args);
  }
  if (mode === 'replay') {
    const args = parseReplayArguments(rest);
    return args.help ? showUsage() : runReplay(args);
  }
  const args = parseCliArguments(process.argv.slice(2));
  if (args.help) showUsage();
  await main(args);
}

run().catch((error: unknown) => {
  if (error instanceof UsageError) fail(error.message, 2);
  if (error instanceof PortInUseError) fail(error.message, 1);
  fail(error instanceof Error ? error.message : String(error), 1);
});
