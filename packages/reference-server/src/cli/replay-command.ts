import { parseArgs } from 'node:util';
import { createReplayServer, type ReplayServer } from '../replay/replay-server';
import { portNumber, UsageError } from './arguments';
import { listenOrExplain } from './listen-or-explain';

/** What `clientkit-reference-server replay <dir> ...` asked for. */
export interface ReplayArguments {
  help: boolean;
  dir: string;
  port: number;
  host: string;
}

/** Reads the arguments after `replay`; throws UsageError when they cannot be run. */
export function parseReplayArguments(args: string[]): ReplayArguments {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    throw new UsageError(`replay: ${(error as Error).message}`);
  }
  const { values, positionals } = parsed;
  const common = {
    help: values.help,
    port: portNumber('--port', values.port),
    host: values.host,
  };
  if (values.help) return { ...common, dir: positionals[0] ?? '' };
  if (positionals.length !== 1) {
    throw new UsageError(
      'replay needs one directory, the one the proxy recorded into: replay <dir>',
    );
  }
  return { ...common, dir: positionals[0]! };
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      help: { type: 'boolean', default: false },
    },
  });
}

/** What the replay server prints once it listens. */
export function replayBanner(replay: ReplayServer, url: string): string {
  return [
    `clientkit reference server replay listening on ${url}`,
    `Answering with the ${replay.recordings} recordings in ${replay.dir}, with no network; a request without one gets a 501 naming it.`,
    `Admin routes: GET and DELETE ${url}/__admin/unmatched`,
  ].join('\n');
}

/** Runs the replay server until SIGINT or SIGTERM. */
export async function runReplay(args: ReplayArguments): Promise<void> {
  const replay = await createReplayServer({ dir: args.dir });
  const { url } = await listenOrExplain(replay, args, 'the replay server');
  console.log(replayBanner(replay, url));
  const stop = async () => {
    await replay.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
