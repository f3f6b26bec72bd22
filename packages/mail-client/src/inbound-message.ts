import { InboundMessage } from '@clientkit/contracts/mail';
import { ClientKitError, describeIssues, type ValidationIssue } from '@clientkit/core';
import { safeParse } from '@clientkit/core/schema';

/** A webhook payload that is not an inbound message: `issues` name each field and what is wrong. */
export class MalformedInboundMessageError extends ClientKitError {
  override get name(): string {
    return 'MalformedInboundMessageError';
  }
  readonly issues: ValidationIssue[];

  constructor(issues: ValidationIssue[]) {
    const list = issues.map((issue) => `${issue.path || '(payload)'} ${issue.message}`);
    super(`Malformed inbound message: ${list.join('; ')}`);
    this.issues = issues;
  }
}

/**
 * Checks a webhook payload (the parsed JSON, or the raw body text) and returns it typed. Throws a
 * `MalformedInboundMessageError` naming every field that is missing or of the wrong type.
 *
 * @example
 * const message = parseInboundMessage(await request.json());
 * console.log(message.MessageID, message.Subject, message.Attachments.length);
 */
export function parseInboundMessage(json: unknown): InboundMessage {
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch {
      throw new MalformedInboundMessageError([{ path: '', message: 'is not valid JSON' }]);
    }
  }
  const result = safeParse(InboundMessage, value, { reportInput: true });
  if (result.success) return result.data;
  throw new MalformedInboundMessageError(describeIssues(result.error.issues));
}
