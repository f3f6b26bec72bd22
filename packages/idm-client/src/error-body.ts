/**
 * Reads the code and message of an error answer: the management API's
 * `{statusCode, error, message, errorCode}`, or the token endpoint's OAuth
 * `{error, error_description}` (RFC 6749 §5.2).
 */
export function idmErrorBody(body: unknown): { message: string; code?: string } | undefined {
  const fields = body as
    | { message?: unknown; errorCode?: unknown; error?: unknown; error_description?: unknown }
    | undefined;
  if (typeof fields?.message === 'string') {
    return {
      message: fields.message,
      ...(typeof fields.errorCode === 'string' ? { code: fields.errorCode } : {}),
    };
  }
  if (typeof fields?.error !== 'string') return undefined;
  return {
    message: typeof fields.error_description === 'string' ? fields.error_description : fields.error,
    code: fields.error,
  };
}
