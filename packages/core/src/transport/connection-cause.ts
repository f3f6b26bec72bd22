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
  | 'proxy-auth'
  | 'proxy-refused'
  | 'unknown';

/** A failed connection's cause: its kind, and for a proxy the status it answered instead. */
export interface ConnectionCause {
  kind: CauseKind;
  /** The status a proxy answered instead of connecting, when it did. */
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
const PROXY_REFUSAL = /Proxy (?:response|Authentication Required) \((\d{3})\)/;

/** What the runtime's error (with its causes) says of a failed connection: the first code along it. */
export function connectionCause(error: unknown): ConnectionCause {
  const chain = causesOf(error);
  const proxied = chain.map((link) => PROXY_REFUSAL.exec(String(link.message ?? ''))).find(Boolean);
  if (proxied) {
    const proxyStatus = Number(proxied[1]);
    return { kind: proxyStatus === 407 ? 'proxy-auth' : 'proxy-refused', proxyStatus };
  }
  const code = chain.map((link) => link.code).find((found) => typeof found === 'string');
  return { kind: typeof code === 'string' ? kindOf(code) : 'unknown' };
}

function kindOf(code: string): CauseKind {
  if (KIND_BY_CODE[code]) return KIND_BY_CODE[code];
  if (/CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code)) return 'tls-certificate';
  return /^(ERR_SSL_|ERR_TLS_|EPROTO$)/.test(code) ? 'tls' : 'unknown';
}

/** Causes a retry cannot fix: the same request meets them again. */
export function isLasting(cause: ConnectionCause): boolean {
  return ['tls-certificate', 'headers-too-large', 'proxy-auth'].includes(cause.kind);
}

/**
 * What failed and what to check (if anything in particular helps), for each kind of cause;
 * `{host}`, `{hostname}` and `{origin}` are the request's, `{proxy}` the proxy, `{status}` its
 * answer.
 */
const WORDING: Readonly<Record<CauseKind, readonly [what: string, check?: string]>> = {
  refused: ['Connection refused by {host}', 'is the service running at {origin}?'],
  'host-not-found': ['Host {hostname} not found', 'is the host in baseUrl right?'],
  'connect-timeout': ['Connecting to {host} timed out', 'can this machine reach {host}?'],
  reset: ['Connection to {host} reset before the answer'],
  'tls-certificate': [
    'TLS certificate of {host} refused',
    'is it valid for {hostname} and trusted by this runtime?',
  ],
  tls: ['TLS handshake with {host} failed', 'does {host} speak HTTPS?'],
  'headers-too-large': ['Headers from {host} too large for this runtime'],
  'proxy-auth': [
    'The proxy{proxy} refused to connect to {host} with 407 Proxy Authentication Required',
    "are the proxy's credentials right?",
  ],
  'proxy-refused': ['The proxy{proxy} refused to connect to {host} with {status}'],
  unknown: ['Connection to {host} failed'],
};

/** What failed, naming the host of the request (`api.example.com:443`), and what to check. */
export function describeConnection(
  cause: ConnectionCause,
  url: URL,
): { what: string; check: string | undefined } {
  const [what, check] = WORDING[cause.kind];
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (_, part: string) => {
      if (part === 'proxy') return proxyNamed(url);
      if (part === 'status') return String(cause.proxyStatus);
      return url[part as 'host' | 'hostname' | 'origin'];
    });
  return { what: fill(what), check: check && fill(check) };
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
