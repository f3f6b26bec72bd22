import { RequestValidationError } from './errors';

/**
 * Refuses option names the receiver does not know, so that a misspelt option (`retries`,
 * `timeoutMs`) fails loudly in plain JavaScript too instead of being ignored.
 */
export function checkOptionNames(
  options: object | undefined,
  known: readonly string[],
  subject: string,
  prefix = '',
): void {
  if (options === null || typeof options !== 'object') return;
  const unknown = Object.keys(options).filter((name) => !known.includes(name));
  if (unknown.length === 0) return;
  throw new RequestValidationError(
    subject,
    unknown.map((name) => ({
      path: `${prefix}${name}`,
      message: `is not an option (known: ${known.join(', ')})`,
    })),
  );
}
