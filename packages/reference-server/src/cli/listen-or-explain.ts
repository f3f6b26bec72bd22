import { PortInUseError } from './start';

interface Listening {
  listen(port: number, hostname: string): Promise<{ url: string; port: number }>;
  close(): Promise<void>;
}

/** Listens where the flags say; a port in use is an error naming it and `--port`. */
export async function listenOrExplain(
  server: Listening,
  args: { port: number; host: string },
  what: string,
): Promise<{ url: string; port: number }> {
  try {
    return await server.listen(args.port, args.host);
  } catch (error) {
    await server.close();
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new PortInUseError(
      `Port ${args.port} on ${args.host} is in use, so ${what} cannot listen there: choose another with --port <n> (0 picks a free one).`,
    );
  }
}
