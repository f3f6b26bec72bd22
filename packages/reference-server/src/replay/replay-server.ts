import type { Server as HttpServer } from 'node:http';
import { resolve } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { readAtMost } from '../body-limit';
import { httpListener } from '../http-listener';
import type { InterfaceName } from '../interface';
import { interfaceOfPath } from '../recording/interface-paths';
import type { RecordedExchange } from '../recording/recorded-exchange';
import { readRecordings } from '../recording/recording-files';
import { matchingPath } from '../recording/request-key';
import { standInError } from '../recording/stand-in-error';
import { type KnownNames, refuseUnknownKeys } from '../unknown-keys';
import { recordingQueues } from './recording-queues';

/** The largest request body the replay reads: as large as the proxy records. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** How many unmatched requests the replay keeps: the latest. */
const KEPT_UNMATCHED = 1000;

/** Statuses whose answers have no body. */
const NULL_BODY = [204, 205, 304];

/** Options of `createReplayServer`. */
export interface ReplayServerOptions {
  /** A directory the proxy recorded into. */
  dir: string;
  /** Where each request without a recording is printed, one line each (default: console.log). */
  log?: (line: string) => void;
}

const replayOptionNames: KnownNames<ReplayServerOptions> = { dir: true, log: true };

/** A request the replay had no recording for. */
export interface UnmatchedRequest {
  /** The request's method. */
  method: string;
  /** The path and query, credentials in the query replaced. */
  path: string;
  /** The interface the path belongs to, when it belongs to one. */
  interface: InterfaceName | undefined;
  /** What the replay answered (501): what was asked, where it looked, and why nothing matched. */
  message: string;
}

/** A server that answers with recorded exchanges, and nothing else. */
export interface ReplayServer {
  /** Answers a request in-process; pass it to a client as its `fetch`. */
  fetch: typeof fetch;
  /** Listens on 127.0.0.1 (port 0 picks a free one) and resolves with the origin URL. */
  listen(port?: number, hostname?: string): Promise<{ url: string; port: number }>;
  /** The origin URL once listening. */
  readonly url: string | undefined;
  /** The directory the recordings were read from (absolute). */
  readonly dir: string;
  /** How many recordings were read. */
  readonly recordings: number;
  /** The latest 1,000 requests without a recording, oldest first (`GET /__admin/unmatched`). */
  unmatched(): UnmatchedRequest[];
  /** Forgets them (`DELETE /__admin/unmatched`). */
  clearUnmatched(): void;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
  /** Closes the server, for `await using replay = await createReplayServer(...)`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * Creates a server that answers with the exchanges recorded in `dir`, with no network: a request
 * matches on its method, path, query and body (credentials, headers and the values a client makes
 * up left out), and the n-th of identical requests gets the n-th recording. A request with no
 * recording gets a 501 naming it and the directory, and is listed at `GET /__admin/unmatched`.
 *
 * @example
 * const replay = await createReplayServer({ dir: 'recordings' });
 * const { url } = await replay.listen(0);
 * const docs = new DocsClient({ baseUrl: url, token: 'any' });
 */
export async function createReplayServer(options: ReplayServerOptions): Promise<ReplayServer> {
  refuseUnknownKeys(options, replayOptionNames, 'createReplayServer');
  if (typeof options.dir !== 'string' || options.dir === '') {
    throw new TypeError('createReplayServer: dir must name the directory of the recordings');
  }
  const dir = resolve(options.dir);
  const log = options.log ?? ((line: string) => console.log(line));
  const queues = recordingQueues(readRecordings(dir));
  let unmatched: UnmatchedRequest[] = [];

  const answer = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = `${url.pathname}${url.search}`;
    const body = await boundedText(request);
    const recording = body === undefined ? undefined : queues.take(request.method, path, body);
    if (recording) return replayed(recording);
    const why =
      body === undefined
        ? `its body is larger than the ${MAX_BODY_BYTES} bytes a recording holds`
        : queues.why(request.method, path);
    const shown = `${request.method} ${matchingPath(path)}`;
    const message = `No recording for ${shown} in ${dir}: ${why}. The replay answers only what was recorded; record this call through the proxy.`;
    const entry = {
      method: request.method,
      path: matchingPath(path),
      interface: interfaceOfPath(url.pathname),
      message,
    };
    unmatched.push(entry);
    if (unmatched.length > KEPT_UNMATCHED) unmatched.shift();
    log(`no recording: ${shown} (${why})`);
    return standInError('replay', url.pathname, { status: 501, code: 'no_recording', message });
  };

  const app = new Hono();
  app.get('/__admin/unmatched', (c) => c.json({ unmatched }));
  app.delete('/__admin/unmatched', (c) => {
    unmatched = [];
    return c.body(null, 204);
  });
  app.all('*', (c) => answer(c.req.raw));
  const inProcessFetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    app.fetch(new Request(input, init))) as typeof fetch;
  // createAdaptorServer makes an HTTP/1 server.
  const server = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false });
  const listener = httpListener(server as HttpServer);

  return {
    fetch: inProcessFetch,
    listen: listener.listen,
    get url() {
      return listener.url;
    },
    dir,
    recordings: queues.total,
    unmatched: () => [...unmatched],
    clearUnmatched() {
      unmatched = [];
    },
    close: listener.close,
    [Symbol.asyncDispose]: listener.close,
  };
}

/** The request body as text, or undefined when it is larger than a recording can hold. */
async function boundedText(request: Request): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const read = await readAtMost(reader, MAX_BODY_BYTES);
  if ('bytes' in read) return new TextDecoder().decode(read.bytes);
  await reader.cancel();
  return undefined;
}

/** The recorded answer: its status, its headers in order, its body. */
function replayed(recording: RecordedExchange): Response {
  const headers = new Headers();
  const raw = recording.rawHeaders ?? [];
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return new Response(bodyOf(recording), { status: recording.status, headers });
}

function bodyOf(recording: RecordedExchange): BodyInit | null {
  const { response, status } = recording;
  if (NULL_BODY.includes(status) || response === undefined || response === '') return null;
  if (recording.responseIsBinary) return Buffer.from(String(response), 'hex');
  return typeof response === 'string' ? response : JSON.stringify(response);
}
