import type { SecretValues } from '../redaction/secret-values';
import { ClientKitError } from './errors';

/** Fields that hold no text of an answer, or that are the runtime's own (`cause`). */
const UNTOUCHED = new Set(['operation', 'cause', 'stack']);

/**
 * `error` without the client's secrets in any view of it: its message and stack (so `toString`,
 * `toJSON` and `inspect`), its text fields (`excerpt`, `url`), its `body`, its `headers` and its
 * issues. Applied where the transport builds an error, before any hook, log or caller sees it.
 * Any error but a clientkit one (a hook's, a custom fetch's) is the application's, left as it is.
 */
export function scrubbedError<E>(error: E, secrets: SecretValues): E {
  if (!(error instanceof ClientKitError) || secrets.empty) return error;
  for (const name of Object.getOwnPropertyNames(error)) {
    if (UNTOUCHED.has(name)) continue;
    const field = Object.getOwnPropertyDescriptor(error, name)!;
    if (!('value' in field)) continue;
    const value = scrubbedField(field.value, secrets);
    if (value !== field.value) Object.defineProperty(error, name, { ...field, value });
  }
  if (typeof error.stack === 'string') error.stack = secrets.scrub(error.stack);
  return error;
}

function scrubbedField(value: unknown, secrets: SecretValues): unknown {
  if (typeof value === 'string') return secrets.scrub(value);
  if (value instanceof Headers) {
    const headers = new Headers();
    for (const [name, text] of value) headers.append(name, secrets.scrub(text));
    return headers;
  }
  return secrets.scrubData(value);
}
