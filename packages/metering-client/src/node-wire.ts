import type * as Http from 'node:http';
import type * as Https from 'node:https';
import {
  type AnswerStart,
  type AttemptRequest,
  announced,
  ConnectionFailure,
  type ReceivedResponse,
  ResponseTooLarge,
  type Sender,
} from '@clientkit/core/internal';
import { type NodeProcess, nodeProcess } from './node-process';

/**
 * How the stream's batches (and `events.send`) travel: over `node:http` on Node, undefined
 * elsewhere, where they go through ky and the runtime's fetch. Core uses it only when the
 * application gave no `fetch` and no hooks.
 */
export function nodeSenderIfNode(): Sender | undefined {
  const process = nodeProcess();
  return process && nodeSender(process);
}

/** Where a URL's requests go, parsed once per URL. */
interface Target {
  send: typeof Http.request;
  agent: Http.Agent;
  hostname: string;
  port: string;
  path: string;
  host: string;
}

/** Parsed targets kept at most: a client sends to one or two URLs, a stream to one. */
const MAX_TARGETS = 16;

/**
 * The sender of the stream's batches on Node: each attempt over `node:http` or `node:https` with
 * keep-alive agents, under core's one retry loop (which decides the retries, renews the session,
 * and reports to the log and the telemetry). Why its own: on Node, `fetch` (undici) and the
 * `Request` ky builds for each request cost more CPU than the rest of the stream's work per batch
 * (bench/README.md has the figures). It does what the stream needs and no more: the body goes out
 * as the JSON text it was serialised to, the answer is read whole within the attempt's
 * `maxResponseBytes` (the stream's answers are small), no redirect is followed (core's rule refuses
 * them for a POST), no compression asked for.
 */
export function nodeSender(process: NodeProcess): Sender {
  const http = process.getBuiltinModule!('node:http') as typeof Http;
  const https = process.getBuiltinModule!('node:https') as typeof Https;
  const agents = {
    'http:': withCheapKeepAlive(new http.Agent({ keepAlive: true })),
    'https:': withCheapKeepAlive(new https.Agent({ keepAlive: true })),
  };
  const targets = new Map<string, Target>();

  const targetOf = (url: string): Target => {
    let target = targets.get(url);
    if (target) return target;
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new TypeError(`${parsed.protocol} URLs are not supported`);
    }
    target = {
      send: parsed.protocol === 'https:' ? https.request : http.request,
      agent: agents[parsed.protocol],
      hostname: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: parsed.port,
      path: `${parsed.pathname}${parsed.search}`,
      host: parsed.host,
    };
    if (targets.size >= MAX_TARGETS) targets.clear();
    targets.set(url, target);
    return target;
  };

  return { send: async (attempt) => sendOver(targetOf(attempt.url), attempt) };
}

/**
 * One attempt: the request written whole, the answer read whole, or a `ConnectionFailure` (a
 * `ResponseTooLarge` for an answer over the attempt's limit).
 */
function sendOver(target: Target, attempt: AttemptRequest): Promise<ReceivedResponse> {
  return new Promise<ReceivedResponse>((resolve, reject) => {
    const { body, url, maxResponseBytes: limit } = attempt;
    const bytes = body === undefined ? 0 : Buffer.byteLength(body);
    let answer: Http.IncomingMessage | undefined;
    // Once the answer has begun, its status and request id go with any failure.
    const fail = (error: unknown) =>
      reject(new ConnectionFailure(url, error, answer && answerStartOf(answer)));
    const tooLarge = (incoming: Http.IncomingMessage, declared?: number) => {
      reject(new ResponseTooLarge(url, limit, answerStartOf(incoming), declared));
      incoming.destroy();
    };
    const outgoing = target.send(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.path,
        method: attempt.method,
        headers: headerLines(attempt, target, bytes),
        agent: target.agent,
        signal: attempt.signal,
      },
      (incoming) => {
        answer = incoming;
        const declared = Number(headerOf(incoming.rawHeaders, 'content-length') ?? 0);
        if (declared > limit) return tooLarge(incoming, declared);
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) return tooLarge(incoming);
          chunks.push(chunk);
        });
        incoming.on('error', fail);
        incoming.on('end', () => {
          const text = Buffer.concat(chunks, size).toString('utf8');
          resolve(receivedOf(incoming, text, url));
        });
        // Closed before its end (a dropped connection, the attempt's signal): no whole answer.
        incoming.on('close', () => {
          if (!incoming.complete) fail(new Error('The connection closed before the answer ended'));
        });
      },
    );
    outgoing.on('error', fail);
    // A body of ASCII only (as many bytes as characters) is the same in Latin-1, which Node
    // copies as it is instead of encoding it as UTF-8 again.
    outgoing.end(body, body !== undefined && bytes === body.length ? 'latin1' : 'utf8');
  });
}

/** Header lines as node:http takes them ready-made: [name, value, name, value, ...]. */
function headerLines(attempt: AttemptRequest, target: Target, bytes: number): string[] {
  const headers = announced(attempt);
  const lines = ['host', target.host];
  for (const name in headers) lines.push(name, headers[name]!);
  if (attempt.body !== undefined) lines.push('content-length', String(bytes));
  return lines;
}

/**
 * The agent, but for one thing: when a socket is freed, Node reads the server's `Keep-Alive` hint
 * through `response.headers`, which builds an object of every header of the answer, and nothing
 * else here reads it. The hint is read from the answer's raw lines instead, and handed to Node's
 * own rules.
 */
function withCheapKeepAlive<A extends Http.Agent>(agent: A): A {
  const keepSocketAlive = agent.keepSocketAlive.bind(agent);
  agent.keepSocketAlive = (socket) => {
    const response = (socket as { _httpMessage?: { res?: Http.IncomingMessage } })._httpMessage
      ?.res;
    if (response) {
      const hint = headerOf(response.rawHeaders, 'keep-alive');
      response.headers = hint === null ? {} : { 'keep-alive': hint };
    }
    return keepSocketAlive(socket);
  };
  return agent;
}

function answerStartOf(incoming: Http.IncomingMessage): AnswerStart {
  return { status: incoming.statusCode ?? 0, headers: headersOf(incoming.rawHeaders) };
}

/** An answer's header lines as a `Headers`. */
function headersOf(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

function receivedOf(incoming: Http.IncomingMessage, text: string, url: string): ReceivedResponse {
  const raw = incoming.rawHeaders;
  const status = incoming.statusCode ?? 0;
  const statusText = incoming.statusMessage ?? '';
  let headers: Headers | undefined;
  const answerHeaders = () => {
    headers ??= headersOf(raw);
    return headers;
  };
  let response: Response | undefined;
  return {
    status,
    statusText,
    url,
    contentType: headerOf(raw, 'content-type'),
    text,
    headers: answerHeaders,
    response: () => {
      response ??= madeResponse(status, statusText, text, answerHeaders(), url);
      return response;
    },
  };
}

const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The answer as a fetch `Response`, for what reads one (logs, telemetry, `withResponse()`). */
function madeResponse(
  status: number,
  statusText: string,
  text: string,
  headers: Headers,
  url: string,
): Response {
  const response = new Response(NO_BODY_STATUSES.has(status) ? null : text, {
    status,
    statusText,
    headers,
  });
  // Error messages and logs name `response.url`, which a fetch response has and a made one lacks.
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

/** One header of an answer, read from its raw lines without building the whole set. */
function headerOf(raw: string[], name: string): string | null {
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const line = raw[i]!;
    if (line.length === name.length && line.toLowerCase() === name) return raw[i + 1]!;
  }
  return null;
}
