import { parseArgs } from 'node:util';
import type { ChaosOptions } from '../faults/chaos';
import { ChaosArgumentError, parseChaosArgument } from './chaos-argument';

export const usage = `Usage: clientkit-reference-server [options]
       clientkit-reference-server proxy --target <origin> [--record <dir>] [--fail-on-violation]
       clientkit-reference-server replay <dir>

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
  --help            show this text

In front of the real service (the five HTTP interfaces only: no SMTP listener, and their /__admin
routes are on without --admin; both take --port and --host as above and print the address they
listen on):

  proxy --target <origin>
                    forward every request to <origin> as it is and answer with exactly what it
                    sent; check each request and answer against the contracts, print each
                    violation as one line and list them at GET /__admin/violations (DELETE
                    clears them), requests of no known operation too, as unknown
    --record <dir>  write every exchange into <dir>, one file of nock.define() definitions per
                    interface, appended in order, credentials replaced by [redacted]
    --fail-on-violation
                    exit with status 1 when stopped (SIGINT, SIGTERM) if a violation is listed:
                    a drift check for CI, run against the real service with your credentials
  replay <dir>      answer with the exchanges recorded in <dir>, with no network; a request with
                    no recording gets a 501 naming it and <dir>, listed at GET /__admin/unmatched`;

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

/** A port number as given to a flag; throws UsageError naming the flag otherwise. */
export function portNumber(flag: string, text: string): number {
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
