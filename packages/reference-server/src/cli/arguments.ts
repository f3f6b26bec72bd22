import { parseArgs } from 'node:util';
import type { ChaosOptions } from '../faults/chaos';
import { ChaosArgumentError, parseChaosArgument } from './chaos-argument';

export const usage = `Usage: clientkit-reference-server [options]

The command of the @clientkit/reference-server package (npx clientkit-reference-server where it is
installed). In a clone of the clientkit repository, pnpm serve [options] runs it from the sources,
with --admin.

  --port <n>        HTTP port of every interface (default 4010; 0 picks a free one)
  --host <name>     address to listen on (default 127.0.0.1)
  --admin           enable the /__admin test-control routes (anyone can then change the state)
  --seed <file>     JSON seed data keyed by interface name
  --tenant <kind>   identity management tenant: public (default) or private
  --smtp-port <n>   port of the inbound mail SMTP listener (default 2525, or a free one when 2525
                    is taken; 0 picks a free one)
  --chaos <settings>
                    faults at random on every interface, e.g.
                    'rate=0.1,kinds=503|reset|malformed,seed=7' (also paths=/v1|/api/v2 and
                    latencyMs=500-2000); GET /__admin/faults lists what was injected
  --help            show this text`;

/** What the command line asked for. */
export interface CliArguments {
  help: boolean;
  port: number;
  host: string;
  admin: boolean;
  seedFile: string | undefined;
  tenant: 'public' | 'private';
  /** Undefined when not given: the default port, or a free one when it is taken. */
  smtpPort: number | undefined;
  /** Chaos mode from the start, when `--chaos` is given. */
  chaos: ChaosOptions | undefined;
}

/** A command line that cannot be run; the CLI prints it with the usage. */
export class UsageError extends Error {
  override name = 'UsageError';
}

function portNumber(flag: string, text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65_535 || text.trim() === '') {
    throw new UsageError(`${flag} must be 0 to 65535, not "${text}"`);
  }
  return port;
}

function chaosOf(text: string | undefined): ChaosOptions | undefined {
  if (text === undefined) return undefined;
  try {
    return parseChaosArgument(text);
  } catch (error) {
    if (error instanceof ChaosArgumentError) throw new UsageError(`--chaos: ${error.message}`);
    throw error;
  }
}

/** Reads the command line; throws UsageError when it cannot be run. */
export function parseCliArguments(args: string[]): CliArguments {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(args).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.tenant !== 'public' && values.tenant !== 'private') {
    throw new UsageError('--tenant must be public or private');
  }
  const smtpPort = values['smtp-port'];
  return {
    help: values.help,
    port: portNumber('--port', values.port),
    host: values.host,
    admin: values.admin,
    seedFile: values.seed,
    tenant: values.tenant,
    smtpPort: smtpPort === undefined ? undefined : portNumber('--smtp-port', smtpPort),
    chaos: chaosOf(values.chaos),
  };
}

function parse(args: string[]) {
  return parseArgs({
    args,
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      admin: { type: 'boolean', default: false },
      seed: { type: 'string' },
      tenant: { type: 'string', default: 'public' },
      'smtp-port': { type: 'string' },
      chaos: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
}
