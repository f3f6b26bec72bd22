import { environmentVariable } from '../options/environment';
import { redactUrl } from '../redaction/redact';

/** What made a connection fail, as far as the runtime's error tells. */
export type CauseKind =
  | 'refused'
  | 'host-not-found'
  | 'connect-timeout'
  | 'reset'
  | 'tls-certificate'
  | 'tls'
  | 'headers-too-large'
  | 'proxy-refused'
  | 'unknown';

/** A failed connection's cause: its kind, the runtime's code, and for a proxy its status. */
export interface ConnectionCause {
  kind: CauseKind;
  /** The first error code along the causes (`ECONNREFUSED`, `UND_ERR_SOCKET`). */
  code: string | undefined;
  /** The status a proxy answered instead of connecting (407), when it did. */
  proxyStatus?: number | undefined;
}

const KIND_BY_CODE: Readonly<Record<string, CauseKind>> = {
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'host-not-found',
  EAI_AGAIN: 'host-not-found',
  UND_ERR_CONNECT_TIMEOUT: 'connect-timeout',
  ETIMEDOUT: 'connect-timeout',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  UND_ERR_SOCKET: 'reset',
  UND_ERR_HEADERS_OVERFLOW: 'headers-too-large',
  HPE_HEADER_OVERFLOW: 'headers-too-large',
};

/** undici's words when a proxy refuses to tunnel (`Proxy response (407) !== 200 ...`) or to forward. */
const PROXY_REFUSAL = /Proxy response \((\d{3})\)|Proxy Authentication Required \((\d{3})\)/;

/** What the runtime's error (with its causes) says of a failed connection. */
export function connectionCause(error: unknown): ConnectionCause {
  const chain = causesOf(error);
  const code = chain.map((link) => link.code).find((found) => typeof found === 'string') as
    | string
    | undefined;
  const proxied = chain.map((link) => PROXY_REFUSAL.exec(String(link.message ?? ''))).find(Boolean);
  if (proxied)
    return { kind: 'proxy-refused', code, proxyStatus: Number(proxied[1] ?? proxied[2]) };
  return { kind: code ? kindOf(code) : 'unknown', code };
}

function kindOf(code: string): CauseKind {
  const known = KIND_BY_CODE[code];
  if (known) return known;
  if (/CERT|ERR_TLS_CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code)) return 'tls-certificate';
  if (/^(ERR_SSL_|ERR_TLS_|EPROTO$)/.test(code)) return 'tls';
  return 'unknown';
}

/** Causes a retry cannot fix: the same request meets them again. */
export function isLasting(cause: ConnectionCause): boolean {
  if (cause.kind === 'proxy-refused') return cause.proxyStatus === 407;
  return cause.kind === 'tls-certificate' || cause.kind === 'headers-too-large';
}

/**
 * What failed and what to check (if anything in particular helps), for each kind of cause;
 * `{host}`, `{hostname}` and `{origin}` are the request's, `{proxy}` the proxy and its status.
 */
const WORDING: Readonly<Record<CauseKind, readonly [what: string, check?: string]>> = {
  refused: ['Connection refused by {host}', 'is the service running at {origin}?'],
  'host-not-found': ['Host {hostname} not found', 'is the host name in the base URL right?'],
  'connect-timeout': ['Connecting to {host} timed out', 'can this machine reach {host}?'],
  reset: ['The connection to {host} was reset before the answer came'],
  'tls-certificate': [
    'The TLS certificate of {host} was refused',
    'is it valid for {hostname} and issued by an authority this runtime trusts?',
  ],
  tls: ['The TLS handshake with {host} failed', 'does {host} speak HTTPS?'],
  'headers-too-large': ['The answer from {host} has headers larger than the runtime accepts'],
  'proxy-refused': ['The proxy{proxy} refused to connect to {host}'],
  unknown: ['Connection to {host} failed'],
};

/**
 * What failed, naming the host of the request (`api.example.com:443`), and what to check; for a
 * proxy's 407, its credentials.
 */
export function describeConnection(
  cause: ConnectionCause,
  url: URL,
): { what: string; check: string | undefined } {
  const [what, check] = WORDING[cause.kind];
  const proxy = cause.kind === 'proxy-refused' ? proxyNamed(url) : '';
  const fill = (text: string) =>
    text
      .replace('{proxy}', proxy)
      .replace(
        /\{(host|hostname|origin)\}/g,
        (_, part: 'host' | 'hostname' | 'origin') => url[part],
      );
  const status =
    cause.proxyStatus === 407 ? '407 Proxy Authentication Required' : cause.proxyStatus;
  return {
    what: `${fill(what)}${status ? ` with ${status}` : ''}`,
    check: cause.proxyStatus === 407 ? "are the proxy's credentials right?" : check && fill(check),
  };
}

/**
 * ` <origin>` of the proxy the environment names for `url`'s scheme (`HTTPS_PROXY`,
 * `HTTP_PROXY`), without its credentials; empty when it names none (a proxy given in a `fetch`).
 */
function proxyNamed(url: URL): string {
  const names =
    url.protocol === 'https:' ? ['HTTPS_PROXY', 'https_proxy'] : ['HTTP_PROXY', 'http_proxy'];
  for (const name of names) {
    const value = environmentVariable(name);
    if (value === undefined) continue;
    try {
      return ` ${new URL(value).origin} (${name})`;
    } catch {
      return ` ${redactUrl(value)} (${name})`;
    }
  }
  return '';
}

interface CauseLink {
  code?: unknown;
  message?: unknown;
}

/** The error and its causes, first of several `errors` (every address a connection tried) included. */
function causesOf(error: unknown): CauseLink[] {
  const chain: CauseLink[] = [];
  let link = error;
  for (let depth = 0; depth < 8 && link !== null && typeof link === 'object'; depth += 1) {
    chain.push(link as CauseLink);
    const { cause, errors } = link as { cause?: unknown; errors?: unknown };
    link = Array.isArray(errors) && errors.length > 0 ? errors[0] : cause;
  }
  return chain;
}
