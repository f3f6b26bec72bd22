import { type DevelopmentClientOptions, developmentClientOptions } from '../development-options';
import { createReferenceServer, type ReferenceServer } from '../index';
import type { CliArguments } from './arguments';

/** The port of the inbound mail listener when `--smtp-port` is not given. */
export const DEFAULT_SMTP_PORT = 2525;

/** A port the CLI was asked for is held by another process; the message says which flag moves it. */
export class PortInUseError extends Error {
  override name = 'PortInUseError';
}

/** A started CLI server: where it listens and what the banner prints. */
export interface CliStart {
  server: ReferenceServer;
  url: string;
  /** The SMTP port, and the default it moved from when that one was taken. */
  smtp: { port: number; movedFrom?: number };
  clientOptions: DevelopmentClientOptions;
}

type ServerArguments = Pick<CliArguments, 'port' | 'host' | 'admin' | 'tenant' | 'smtpPort'> & {
  chaos?: CliArguments['chaos'];
  seed?: Record<string, unknown>;
};

function inUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
}

function create(args: ServerArguments, smtpPort: number): Promise<ReferenceServer> {
  return createReferenceServer({
    ...(args.seed ? { seed: args.seed } : {}),
    admin: args.admin,
    tenant: args.tenant,
    mail: { smtpPort },
  });
}

/**
 * The server with its SMTP listener: on the port asked for (an error naming the flag when it is
 * taken), or on the default, moving to a free port when something else holds the default.
 */
async function createWithSmtp(
  args: ServerArguments,
  defaultSmtpPort: number,
): Promise<{ server: ReferenceServer; movedFrom?: number }> {
  const requested = args.smtpPort ?? defaultSmtpPort;
  try {
    return { server: await create(args, requested) };
  } catch (error) {
    if (!inUse(error)) throw error;
    if (args.smtpPort !== undefined) {
      throw new PortInUseError(
        `Port ${requested} is in use, so the inbound mail (SMTP) listener cannot start there: choose another with --smtp-port <n> (0 picks a free one).`,
      );
    }
    return { server: await create(args, 0), movedFrom: requested };
  }
}

async function listenHttp(server: ReferenceServer, args: ServerArguments): Promise<string> {
  try {
    return (await server.listen(args.port, args.host)).url;
  } catch (error) {
    await server.close();
    if (!inUse(error)) throw error;
    throw new PortInUseError(
      `Port ${args.port} on ${args.host} is in use, so the HTTP listener of every interface cannot start there: choose another with --port <n> (0 picks a free one).`,
    );
  }
}

/** Starts the reference server as the CLI runs it; `defaultSmtpPort` is only moved by tests. */
export async function startCli(
  args: ServerArguments,
  defaultSmtpPort = DEFAULT_SMTP_PORT,
): Promise<CliStart> {
  const { server, movedFrom } = await createWithSmtp(args, defaultSmtpPort);
  if (args.chaos) server.faults.chaos(args.chaos);
  const url = await listenHttp(server, args);
  const port = server.mail.smtpPort!;
  return {
    server,
    url,
    smtp: movedFrom === undefined ? { port } : { port, movedFrom },
    clientOptions: developmentClientOptions(url),
  };
}
