import { redactText } from '../redaction/redact';

/** The longest excerpt of an answer an error message quotes. */
export const EXCERPT_LENGTH = 200;

/**
 * Only the start of a long answer is looked at: enough for any secret that starts within the
 * excerpt to be recognised whole.
 */
const READ_LENGTH = 4_000;

/**
 * The start of an answer's text as one line of at most 200 characters, secrets redacted, for an
 * error message: what a proxy's error page or a cut body said, without the whole of it.
 */
export function excerptOf(text: string): string {
  const line = redactText(text.slice(0, READ_LENGTH)).replace(/\s+/g, ' ').trim();
  const cut = line.length > EXCERPT_LENGTH || text.length > READ_LENGTH;
  return cut ? `${line.slice(0, EXCERPT_LENGTH - 3)}...` : line;
}
