import type * as Http from 'node:http';
import type * as Https from 'node:https';
import {
  type CallSender,
  type Wire,
  type WireAnswer,
  type WireRequest,
  wireSender,
  wireTimeout,
} from '@clientkit/core';
import type { NodeProcess } from './node-process';

/**
 * The sender of the stream's batches on Node: core's `wireSender` (the retry policy, idempotency
 * keys, session renewal, errors, log and telemetry of every call) over `node:http` with keep-alive
 * agents, given Node's `process` (see `nodeProcess`; the caller has it already, so that this module,
 * loaded on demand, shares no code with the client's first chunk).
 */
export function nodeSender(process: NodeProcess): CallSender {
  return wireSender(nodeWire(process));
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
 * One attempt over `node:http` or `node:https`. Why: on Node, `fetch` (undici) and the `Request`
 * ky builds and clones for each request cost more CPU than the rest of the stream's work per batch.
 * Here the body goes out as the JSON text it was serialised to, once, with the header lines of the
 * session, which are kept for as long as it lasts; the answer is read whole into a string (the
 * stream's answers are small). It does what the stream needs and no more: no redirects (the
 * endpoint does not redirect), no compression asked for.
 */
export function nodeWire(process: NodeProcess): Wire {
  const http = process.getBuiltinModule!('node:http') as typeof Http;
  const https = process.getBuiltinModule!('node:https') as typeof Https;
  const agents = {
    'http:': withCheapKeepAlive(new http.Agent({ keepAlive: true })),
    'https:': withCheapKeepAlive(new https.Agent({ keepAlive: true })),
  };
  const targets = new Map<string, Target>();
  const headerLines = new WeakMap<object, string[]>();

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

  // Header lines as node:http takes them ready-made, [name, value, name, value, ...], so that it
  // writes them without checking and storing each one again for every request.
  const linesOf = (request: WireRequest, target: Target, bytes: number): string[] => {
    let lines = headerLines.get(request.headers);
    if (!lines) {
      lines = [];
      for (const name in request.headers) lines.push(name, request.headers[name]!);
      headerLines.set(request.headers, lines);
    }
    const all = ['host', target.host, ...lines];
    if (request.idempotencyKey !== undefined) all.push('idempotency-key', request.idempotencyKey);
    if (request.body !== undefined) all.push('content-length', String(bytes));
    return all;
  };

  return (request) =>
    new Promise<WireAnswer>((resolve, reject) => {
      const target = targetOf(request.url);
      const { body } = request;
      const bytes = body === undefined ? 0 : Buffer.byteLength(body);
      let timedOut = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const fail = (error: unknown) => {
        clearTimeout(timer);
        reject(timedOut ? wireTimeout() : error);
      };
      const outgoing = target.send(
        {
          hostname: target.hostname,
          port: target.port,
          path: target.path,
          method: request.method,
          headers: linesOf(request, target, bytes),
          agent: target.agent,
          ...(request.signal ? { signal: request.signal } : {}),
        },
        (incoming) => {
          incoming.setEncoding('utf8');
          let text = '';
          incoming.on('data', (chunk: string) => {
            text += chunk;
          });
          incoming.on('error', fail);
          incoming.on('end', () => {
            clearTimeout(timer);
            resolve(answerOf(incoming, text));
          });
          // Closed before its end (a timeout, a dropped connection): no answer.
          incoming.on('close', () => {
            if (!incoming.complete)
              fail(new Error('The connection closed before the answer ended'));
          });
        },
      );
      outgoing.on('error', fail);
      if (request.timeoutMs !== false) {
        timer = setTimeout(() => {
          timedOut = true;
          outgoing.destroy(wireTimeout());
        }, request.timeoutMs);
      }
      // A body of ASCII only (as many bytes as characters) is the same in Latin-1, which Node
      // copies as it is instead of encoding it as UTF-8 again.
      outgoing.end(body, body !== undefined && bytes === body.length ? 'latin1' : 'utf8');
    });
}

/**
 * The agent, but for one thing: when a socket is freed, Node reads the server's `Keep-Alive` hint
 * through `response.headers`, which builds an object of every header of the answer (on the
 * stream, about a tenth of the client's CPU per batch on Node 24), and nothing else here reads
 * it. The hint is read from the answer's raw lines instead, and handed to Node's own rules.
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

function answerOf(incoming: Http.IncomingMessage, text: string): WireAnswer {
  const raw = incoming.rawHeaders;
  return {
    status: incoming.statusCode ?? 0,
    statusText: incoming.statusMessage ?? '',
    contentType: headerOf(raw, 'content-type'),
    text,
    headers: () => {
      const headers = new Headers();
      for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
      return headers;
    },
  };
}

/** One header of an answer, read from its raw lines without building the whole set. */
function headerOf(raw: string[], name: string): string | null {
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const line = raw[i]!;
    if (line.length === name.length && line.toLowerCase() === name) return raw[i + 1]!;
  }
  return null;
}
