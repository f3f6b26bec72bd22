import { PLACEHOLDER } from './scrub';

/** The shortest credential looked for by value: shorter text turns up by chance in ordinary data. */
const MIN_SECRET_LENGTH = 8;

/** How many credentials a recorder remembers; the oldest is forgotten first. */
const REMEMBERED_SECRETS = 256;

/**
 * Credentials a recorder has replaced lately, looked for by value in everything it writes next: a
 * session token taken from an answer, then found in a later request, is replaced there too even
 * where nothing names it a credential.
 */
export interface SecretMemory {
  /** Remembers a credential that a scrub replaced. */
  found(value: string): void;
  /** Text with every remembered credential in it replaced. */
  scrub(text: string): string;
}

export function secretMemory(limit = REMEMBERED_SECRETS): SecretMemory {
  const values = new Set<string>();
  return {
    found(value) {
      if (value.length < MIN_SECRET_LENGTH || value === PLACEHOLDER || values.has(value)) return;
      values.add(value);
      if (values.size > limit) values.delete(values.values().next().value!);
    },
    scrub(text) {
      let scrubbed = text;
      for (const value of values) {
        if (scrubbed.includes(value)) scrubbed = scrubbed.replaceAll(value, PLACEHOLDER);
      }
      return scrubbed;
    },
  };
}
