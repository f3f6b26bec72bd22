import { describeIssues } from '@clientkit/core/contract';
import { type $ZodType, safeParse } from 'zod/v4/core';
import { isJsonOrJsonSuffix } from '../json-body';
import type { Operation } from '../operations';
import { textOf } from '../recording/recorded-exchange';
import { type FieldIssue, fieldPath } from './violation';

/**
 * Statuses any operation may answer whether or not its table names them: a rate limit, and a
 * failing server or gateway.
 */
const ANY_OPERATION = [429, 500, 502, 503, 504];

/** Success statuses whose answers have no body. */
const NO_BODY = [204, 205];

/** An answer as the check reads it; `body` is undefined when it was too large to keep. */
export interface CheckedAnswer {
  method: string;
  status: number;
  contentType: string | undefined;
  body: Uint8Array | undefined;
}

/**
 * What an answer breaks of its operation's contract: a status the operation does not answer (then
 * nothing else is looked at), or a body that is not the operation's success body or the interface's
 * error body. An error the table does not name (a gateway's page) is checked only when it is JSON.
 */
export function answerIssues(
  operation: Operation<unknown>,
  errorBody: $ZodType,
  answer: CheckedAnswer,
): FieldIssue[] {
  const { status, contentType, body } = answer;
  const named = [...Object.keys(operation.success), ...Object.keys(operation.errors ?? {})].map(
    Number,
  );
  if (!named.includes(status) && !ANY_OPERATION.includes(status)) {
    return [{ field: 'status', rule: `must be one of ${named.join(', ')}, not ${status}` }];
  }
  if (answer.method === 'HEAD' || body === undefined) return [];
  const success = Object.hasOwn(operation.success, status);
  if (success && (NO_BODY.includes(status) || !operation.response)) return [];
  if (!success && !named.includes(status) && !isJsonOrJsonSuffix(contentType)) return [];
  const schema = success ? operation.response! : (operation.errorBody ?? errorBody);
  return bodyIssues(schema, contentType, body);
}

function bodyIssues(
  schema: $ZodType,
  contentType: string | undefined,
  bytes: Uint8Array,
): FieldIssue[] {
  if (!isJsonOrJsonSuffix(contentType)) {
    const sent = contentType === undefined ? 'none' : `"${contentType}"`;
    return [{ field: 'headers.content-type', rule: `must be a JSON media type, not ${sent}` }];
  }
  const value = jsonOf(bytes);
  if (value === undefined) return [{ field: 'body', rule: 'must be JSON' }];
  const result = safeParse(schema, value.parsed, { reportInput: true });
  if (result.success) return [];
  return describeIssues(result.error.issues).map((issue) => ({
    field: fieldPath('body', issue.path),
    rule: issue.message,
  }));
}

function jsonOf(bytes: Uint8Array): { parsed: unknown } | undefined {
  const text = textOf(bytes);
  if (text === undefined) return undefined;
  try {
    return { parsed: JSON.parse(text) };
  } catch {
    return undefined;
  }
}
