import { createServer, Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { getRequestListener } from '@hono/node-server';
import type { ContractViolation, UnknownOperation } from '../contract-check/violation';
import { httpListener } from '../http-listener';
import { recordingWriter } from '../recording/recording-files';
import { splitPath } from '../recording/request-key';
import { standInError } from '../recording/stand-in-error';
import { type KnownNames, refuseUnknownKeys } from '../unknown-keys';
import { proxyAdminRoutes } from './admin-routes';
import { exchangeSettler } from './exchange-settler';
import { type Forwarding, forward } from './forward';
import { targetOrigin } from './target-origin';
import { violationLog } from './violation-log';

/**
 * The most of each body the proxy keeps to check and record: more than any interface takes in a
 * request. A larger body flows through all the same, unchecked and unrecorded.
 */
const MAX_KEPT_BODY_BYTES = 8 * 1024 * 1024;

/** Options of `createProxyServer`. */
export interface ProxyServerOptions {
  /** The origin every request is forwarded to, such as `https://api.example.com`. */
  target: string;
  /**
   * A directory to record every exchange of the five interfaces in: one file per interface of
   * `nock.define()` definitions, credentials replaced by `[redacted]`. Existing files are appended to.
   */
  record?: string;
  /** Where each violation, unknown operation and unchecked exchange is printed, one line each (default: console.log). */
  log?: (line: string) => void;
}

const proxyOptionNames: KnownNames<ProxyServerOptions> = { target: true, record: true, log: true };

/** A proxy in front of the real service, checking its traffic against the contracts. */
export interface ProxyServer {
  /** Listens on 127.0.0.1 (port 0 picks a free one) and resolves with the origin URL. */
  listen(port?: number, hostname?: string): Promise<{ url: string; port: number }>;
  /** The origin URL once listening. */
  readonly url: string | undefined;
  /** The origin requests are forwarded to. */
  readonly target: string;
  /** The directory exchanges are recorded in (absolute), when recording. */
  readonly recordingDir: string | undefined;
  /** The latest 1,000 contract violations, oldest first (`GET /__admin/violations`). */
  violations(): ContractViolation[];
  /** The latest 1,000 requests of no known operation, oldest first. */
  unknownOperations(): UnknownOperation[];
  /** Forgets the violations and unknown operations (`DELETE /__admin/violations`). */
  clearViolations(): void;
  /** Stops listening, ends open connections and finishes writing the recordings. */
  close(): Promise<void>;
  /** Closes the proxy, for `await using proxy = await createProxyServer(...)`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * Creates a proxy that forwards every request to `target` unchanged (bodies streamed), answers with
 * exactly what the target sent, and checks each request and answer against the contracts of the
 * five interfaces; with `record`, it writes each exchange as a fixture without credentials.
 *
 * @example
 * const proxy = await createProxyServer({ target: 'https://api.example.com', record: 'recordings' });
 * const { url } = await proxy.listen(0);
 * // point the clients at url, run them, then:
 * console.log(proxy.violations());
 * await proxy.close();
 */
export async function createProxyServer(options: ProxyServerOptions): Promise<ProxyServer> {
  refuseUnknownKeys(options, proxyOptionNames, 'createProxyServer');
  const target = targetOrigin(options.target, 'createProxyServer: target');
  const log = options.log ?? ((line: string) => console.log(line));
  const writer = options.record === undefined ? undefined : await recordingWriter(options.record);
  const findings = violationLog();
  const agent =
    target.protocol === 'https:'
      ? new HttpsAgent({ keepAlive: true })
      : new HttpAgent({ keepAlive: true });
  const settle = exchangeSettler({
    origin: target.origin,
    maxBodyBytes: MAX_KEPT_BODY_BYTES,
    findings,
    writer,
    log,
  });

  const forwarding: Forwarding = {
    target,
    agent,
    maxBodyBytes: MAX_KEPT_BODY_BYTES,
    settle,
    brokeOff: (method, path, error) =>
      log(
        `not checked: ${method} ${splitPath(path).pathname}: the answer broke off (${error.message})`,
      ),
    unreachable: (path, error) =>
      standInError('proxy', splitPath(path).pathname, {
        status: 502,
        code: 'target_unreachable',
        message: `The proxy could not reach ${target.origin}: ${error.message}`,
      }),
  };
  const admin = getRequestListener(proxyAdminRoutes(findings).fetch);
  const server = createServer((incoming, answer) => {
    if (isAdminPath(incoming.url)) void admin(incoming, answer);
    else forward(forwarding, incoming, answer);
  });
  const listener = httpListener(server);
  const close = async () => {
    await listener.close();
    agent.destroy();
    await writer?.settled();
  };

  return {
    listen: listener.listen,
    get url() {
      return listener.url;
    },
    target: target.origin,
    recordingDir: writer?.dir,
    violations: findings.violations,
    unknownOperations: findings.unknownOperations,
    clearViolations: findings.clear,
    close,
    [Symbol.asyncDispose]: close,
  };
}

function isAdminPath(url: string | undefined): boolean {
  return url === '/__admin' || (url?.startsWith('/__admin/') ?? false);
}
