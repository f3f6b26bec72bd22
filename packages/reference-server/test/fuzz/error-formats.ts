import { CalendarErrorBody } from '@clientkit/calendar-client/schemas';
import { MeteringErrorBody, MeteringErrorType } from '@clientkit/contracts/metering/responses';
import { DocsErrorBody } from '@clientkit/docs-client/schemas';
import { IdmErrorBody, OAuthErrorBody, OAuthErrorCode } from '@clientkit/idm-client/schemas';
import { MailErrorBody } from '@clientkit/mail-client/schemas';
import { type $ZodType, safeParse } from 'zod/v4/core';
import type { InterfaceName } from '../../src/index';

/** What is wrong with an error answer, or undefined when it is in the interface's format. */
type FormatCheck = (status: number, body: unknown, path: string) => string | undefined;

const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};

function shapeProblem(schema: $ZodType, body: unknown, keys: string[]): string | undefined {
  if (!safeParse(schema, body).success) return `does not match the client's error schema`;
  const extra = Object.keys(body as object).filter((key) => !keys.includes(key));
  return extra.length > 0 ? `has fields outside the format: ${extra.join(', ')}` : undefined;
}

/** The token endpoint answers OAuth's `{error, error_description}` with one of its codes. */
function oauthProblem(body: unknown): string | undefined {
  const problem = shapeProblem(OAuthErrorBody, body, ['error', 'error_description']);
  if (problem) return problem;
  const { error, error_description } = body as OAuthErrorBody;
  if (!safeParse(OAuthErrorCode, error).success) return `unknown OAuth error code ${error}`;
  return error_description === '' ? 'error_description is empty' : undefined;
}

/** The error body of each interface, as WIRE.md fixes it and its client reads it. */
export const errorFormats: Record<InterfaceName, FormatCheck> = {
  docs(status, body) {
    const problem = shapeProblem(DocsErrorBody, body, ['error']);
    if (problem) return problem;
    const { error } = body as DocsErrorBody;
    if (error.code !== status) return `error.code ${error.code} is not the status ${status}`;
    return error.message === '' ? 'error.message is empty' : undefined;
  },
  calendar(status, body) {
    const problem = shapeProblem(CalendarErrorBody, body, ['code', 'message', 'data']);
    if (problem) return problem;
    const { code, message, data } = body as CalendarErrorBody;
    if (data.status !== status) return `data.status ${data.status} is not the status ${status}`;
    if (code === '' || message === '') return 'code or message is empty';
    return undefined;
  },
  metering(status, body) {
    const problem = shapeProblem(MeteringErrorBody, body, ['error']);
    if (problem) return problem;
    const { error } = body as MeteringErrorBody;
    if (!safeParse(MeteringErrorType, error.type).success)
      return `unknown error.type ${error.type}`;
    if (
      status === 401 &&
      !['authentication_error', 'temporary_session_expired'].includes(error.type)
    )
      return `a 401 with error.type ${error.type}`;
    return error.message === '' ? 'error.message is empty' : undefined;
  },
  mail(status, body) {
    const problem = shapeProblem(MailErrorBody, body, ['ErrorCode', 'Message']);
    if (problem) return problem;
    const { ErrorCode, Message } = body as MailErrorBody;
    if (!Number.isInteger(ErrorCode)) return `ErrorCode ${ErrorCode} is not an integer`;
    if (status === 401 && ErrorCode !== 10) return `a 401 with ErrorCode ${ErrorCode}, not 10`;
    return Message === '' ? 'Message is empty' : undefined;
  },
  idm(status, body, path) {
    if (path.startsWith('/oauth/token')) return oauthProblem(body);
    const problem = shapeProblem(IdmErrorBody, body, [
      'statusCode',
      'error',
      'message',
      'errorCode',
    ]);
    if (problem) return problem;
    const { statusCode, error, message, errorCode } = body as IdmErrorBody;
    if (statusCode !== status) return `statusCode ${statusCode} is not the status ${status}`;
    const phrase = reasonPhrases[status];
    if (phrase && error !== phrase) return `error "${error}" is not the reason phrase "${phrase}"`;
    if (!errorCode) return 'errorCode is missing';
    return message === '' ? 'message is empty' : undefined;
  },
};
