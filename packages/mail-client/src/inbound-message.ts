import { InboundMessage } from '@clientkit/contracts/mail';
import { ClientKitError, type ValidationIssue } from '@clientkit/core';
import { describeIssues } from '@clientkit/core/contract';
import { safeParse } from 'zod/v4/core';
import { payloadListProblem, payloadTextProblem } from './webhook-payload-limits';

/** The most issues a malformed payload is reported with; the count of the others is given. */
const MAX_REPORTED_ISSUES = 100;

/**
 * The most bytes the report takes as a JSON string (the receiver's 400 body is `{"message": ...}`),
 * so that a refusal is small whatever was sent.
 */
const MAX_REPORT_BYTES = 16 * 1024 - 64;

const encoder = new TextEncoder();

const reportBytes = (text: string) => encoder.encode(JSON.stringify(text)).length;

/** The report of the issues: as many as fit (at most MAX_REPORTED_ISSUES), then how many more. */
function report(issues: readonly ValidationIssue[]): { text: string; shown: number } {
  const lines = issues
    .slice(0, MAX_REPORTED_ISSUES)
    .map((issue) => `${issue.path || '(payload)'} ${issue.message}`);
  for (let shown = lines.length; shown > 0; shown -= 1) {
    const more = issues.length - shown;
    const text = `Malformed inbound message: ${lines.slice(0, shown).join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
    if (reportBytes(text) <= MAX_REPORT_BYTES) return { text, shown };
  }
  return { text: `Malformed inbound message: ${issues.length} problems`, shown: 0 };
}

/**
 * A webhook payload that is not an inbound message: `issues` name each field and what is wrong
 * (the first 100; the message counts the rest).
 */
export class MalformedInboundMessageError extends ClientKitError {
  override get name(): string {
    return 'MalformedInboundMessageError';
  }
  readonly issues: ValidationIssue[];

  constructor(issues: readonly ValidationIssue[]) {
    const { text, shown } = report(issues);
    super(text);
    this.issues = issues.slice(0, shown);
  }
}

/** The payload as a value: parsed from the body text once the text is within the limits. */
function payloadOf(json: unknown): unknown {
  if (typeof json !== 'string') return json;
  const problem = payloadTextProblem(json);
  if (problem) throw new MalformedInboundMessageError([problem]);
  try {
    return JSON.parse(json);
  } catch {
    throw new MalformedInboundMessageError([{ path: '', message: 'is not valid JSON' }]);
  }
}

/**
 * Checks a webhook payload (the parsed JSON, or the raw body text) and returns it typed. Throws a
 * `MalformedInboundMessageError` naming every field that is missing or of the wrong type (up to
 * 100 of them). A list longer than the service sends (`INBOUND_PAYLOAD_LIMITS`) is refused before
 * its items are checked; given as text, a payload is measured against every limit before it is
 * parsed.
 *
 * @example
 * const message = parseInboundMessage(await request.json());
 * console.log(message.MessageID, message.Subject, message.Attachments.length);
 */
export function parseInboundMessage(json: unknown): InboundMessage {
  const value = payloadOf(json);
  const problem = payloadListProblem(value);
  if (problem) throw new MalformedInboundMessageError([problem]);
  const result = safeParse(InboundMessage, value, { reportInput: true });
  if (result.success) return result.data;
  throw new MalformedInboundMessageError(describeIssues(result.error.issues));
}
