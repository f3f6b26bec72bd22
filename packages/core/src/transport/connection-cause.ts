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

/** What failed, naming the host of the request (`api.example.com:443`). */
export function whatFailed(cause: ConnectionCause, url: URL): string {
  const { host, hostname } = url;
  switch (cause.kind) {
    case 'refused':
      return `Connection refused by ${host}`;
    case 'host-not-found':
      return `Host ${hostname} not found`;
    case 'connect-timeout':
      return `Connecting to ${host} timed out`;
    case 'reset':
      return `The connection to ${host} was reset before the answer came`;
    case 'tls-certificate':
      return `The TLS certificate of ${host} was refused`;
    case 'tls':
      return `The TLS handshake with ${host} failed`;
    case 'headers-too-large':
      return `The answer from ${host} has headers larger than the runtime accepts`;
    case 'proxy-refused':
      return `The proxy${proxyNamed(url)} refused to connect to ${host} with ${cause.proxyStatus}${cause.proxyStatus === 407 ? ' Proxy Authentication Required' : ''}`;
    default:
      return `Connection to ${host} failed`;
  }
}

/** What to check, or undefined when nothing in particular helps. */
export function whatToCheck(cause: ConnectionCause, url: URL): string | undefined {
  switch (cause.kind) {
    case 'refused':
      return `is the service running at ${url.origin}?`;
    case 'host-not-found':
      return 'is the host name in the base URL right?';
    case 'connect-timeout':
      return `can this machine reach ${url.host} (a firewall, a proxy)?`;
    case 'tls-certificate':
      return `does the certificate name ${url.hostname} and come from an authority this runtime trusts (NODE_EXTRA_CA_CERTS adds one to Node)?`;
    case 'tls':
      return `does ${url.host} speak HTTPS?`;
    case 'headers-too-large':
      return 'Node accepts 16 KiB of headers unless --max-http-header-size says more';
    case 'proxy-refused':
      return cause.proxyStatus === 407
        ? 'are the credentials of the proxy right (the user and password of its URL)?'
        : undefined;
    default:
      return undefined;
  }
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
