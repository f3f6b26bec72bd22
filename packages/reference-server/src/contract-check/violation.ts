/** A field of a request or an answer, and the rule of the contract it breaks. */
export interface FieldIssue {
  /** Where: `status`, `headers.content-type`, `query.limit`, `body.events[0].payload`, `body`. */
  field: string;
  /** What the contract asks of it: `must be a string, not a number`, `is required`. */
  rule: string;
}

/** An exchange through the proxy that breaks the contract of its operation, one field at a time. */
export interface ContractViolation extends FieldIssue {
  /** The interface and the operationId: `docs.getSpaceById`. */
  operation: string;
  /** The request's method. */
  method: string;
  /** The request's path, without its query. */
  path: string;
  /** Whether the request or the answer breaks the contract. */
  part: 'request' | 'response';
  /** The id the target gave its answer (`x-request-id`, else `request-id`), when it gave one. */
  requestId: string | undefined;
}

/** A request the contracts know no operation for: passed through, and listed. */
export interface UnknownOperation {
  /** The request's method. */
  method: string;
  /** The request's path, without its query. */
  path: string;
  /** The status the target answered. */
  status: number;
  /** The id the target gave its answer, when it gave one. */
  requestId: string | undefined;
}

const requestIdText = (requestId: string | undefined) =>
  requestId ? ` (request ${requestId})` : '';

/** A violation as the proxy prints it: one line. */
export function violationLine(violation: ContractViolation): string {
  const { operation, method, path, part, field, rule, requestId } = violation;
  return `contract violation: ${operation} ${method} ${path} ${part} ${field} ${rule}${requestIdText(requestId)}`;
}

/** An unknown operation as the proxy prints it: one line. */
export function unknownOperationLine(unknown: UnknownOperation): string {
  const { method, path, status, requestId } = unknown;
  return `unknown operation: ${method} ${path} (no operation of the contracts), answered ${status}${requestIdText(requestId)}`;
}

/** `body` and `events[0].payload` as `body.events[0].payload`; an empty path is the part itself. */
export function fieldPath(part: string, path: string): string {
  if (path === '' || path === part) return part;
  return path.startsWith('[') ? `${part}${path}` : `${part}.${path}`;
}
