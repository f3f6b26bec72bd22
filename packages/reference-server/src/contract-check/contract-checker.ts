import { answerIssues } from './answer-issues';
import { contractTables } from './contract-tables';
import { operationMatcher } from './operation-matcher';
import type { ContractViolation, UnknownOperation } from './violation';

/** One exchange, as the proxy checks it; a body is undefined when it was too large to keep. */
export interface CheckedExchange {
  method: string;
  /** The request's URL on the target. */
  url: string;
  requestHeaders: Headers;
  requestBody: Uint8Array | undefined;
  status: number;
  responseHeaders: Headers;
  /** The answer's body, decoded from its content encoding. */
  responseBody: Uint8Array | undefined;
}

/** The violations of a known operation (none when it keeps to its contract), or an unknown one. */
export type CheckResult =
  | { operation: string; violations: ContractViolation[] }
  | { unknown: UnknownOperation };

/** Headers of the request the check rebuilds: its body is given whole, not framed. */
const FRAMING = ['host', 'content-length', 'transfer-encoding', 'connection'];

/**
 * Checks exchanges against the contracts of the five interfaces: the operation is found by method
 * and path, its request checked as the server checks it, its answer against the statuses and the
 * schemas its contract declares.
 */
export function contractChecker(): (exchange: CheckedExchange) => Promise<CheckResult> {
  const match = operationMatcher(contractTables());
  return async (exchange) => {
    const { method, status, responseHeaders } = exchange;
    const path = new URL(exchange.url).pathname;
    const requestId =
      responseHeaders.get('x-request-id') ?? responseHeaders.get('request-id') ?? undefined;
    const found = await match(checkedRequest(exchange), exchange.requestBody !== undefined);
    if (!found) return { unknown: { method, path, status, requestId } };
    const operation = `${found.table.name}.${found.operation.id}`;
    const answer = answerIssues(found.operation, found.table.description.errorBody, {
      method,
      status,
      contentType: responseHeaders.get('content-type') ?? undefined,
      body: exchange.responseBody,
    });
    const violations = [
      ...found.issues.map((issue) => ({ part: 'request' as const, ...issue })),
      ...answer.map((issue) => ({ part: 'response' as const, ...issue })),
    ].map((issue) => ({ operation, method, path, ...issue, requestId }));
    return { operation, violations };
  };
}

function checkedRequest(exchange: CheckedExchange): Request {
  const headers = new Headers(exchange.requestHeaders);
  for (const name of FRAMING) headers.delete(name);
  const { method, requestBody } = exchange;
  const takesBody = method !== 'GET' && method !== 'HEAD' && requestBody?.byteLength;
  return new Request(exchange.url, {
    method,
    headers,
    ...(takesBody ? { body: requestBody as Uint8Array<ArrayBuffer> } : {}),
  });
}
