/**
 * Reads the code and message of an error answer: the management API's
 * `{statusCode, error, message, errorCode}`, or the token endpoint's OAuth
 * `{error, error_description}` (RFC 6749 §5.2).
 */
export function idmErrorBody(body: unknown): { message: string; code?: string } | undefined {
  const { message, errorCode, error, error_description } = (body ?? {}) as {
    message?: unknown;
    errorCode?: unknown;
    error?: unknown;
    error_description?: unknown;
  };
  if (typeof message === 'string') {
    return typeof errorCode === 'string' ? { message, code: errorCode } : { message };
  }
  if (typeof error !== 'string') return undefined;
  return {
    message: typeof error_description === 'string' ? error_description : error,
    code: error,
  };
}
