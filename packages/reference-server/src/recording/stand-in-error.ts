import { STATUS_CODES } from 'node:http';
import type { InterfaceName } from '../interface';
import { interfaceOfPath } from './interface-paths';

/**
 * Names who made an answer that the service did not send: the proxy when the target could not be
 * reached, the replay when nothing was recorded for a request.
 */
export const STAND_IN_HEADER = 'x-clientkit-stand-in';

/** The error body of each interface, so that its client reads the message and the code. */
const errorBodies: Record<
  InterfaceName,
  (status: number, code: string, message: string) => Record<string, unknown>
> = {
  docs: (status, _code, message) => ({ error: { code: status, message } }),
  calendar: (status, code, message) => ({ code, message, data: { status } }),
  metering: (_status, code, message) => ({ error: { type: 'api_error', code, message } }),
  mail: (_status, _code, message) => ({ ErrorCode: 0, Message: message }),
  idm: (status, code, message) => ({
    statusCode: status,
    error: STATUS_CODES[status] ?? 'Error',
    message,
    errorCode: code,
  }),
};

/**
 * An error answer of the proxy or the replay itself, in the error body of the interface the path
 * belongs to, marked with `x-clientkit-stand-in` so that no one takes it for the service's.
 */
export function standInError(
  by: 'proxy' | 'replay',
  path: string,
  failure: { status: number; code: string; message: string },
): Response {
  const name = interfaceOfPath(path);
  const { status, code, message } = failure;
  const body = name ? errorBodies[name](status, code, message) : { error: { code, message } };
  return Response.json(body, { status, headers: { [STAND_IN_HEADER]: by } });
}
