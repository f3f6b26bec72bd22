import type { Transform } from 'node:stream';
import { type MimeNode, Splitter } from '@zone-eu/mailsplit';
import type { ParsedMail } from 'mailparser';
import { mailboxes } from './inbound-payload';

/**
 * What the inbound pipeline takes in one message. Each bounds the parser's work or memory, or the
 * size of a list in the payload a receiver must accept:
 * - a header block (the message's own, or a MIME part's) of 1 MiB at most, which also bounds any
 *   header line in it. Body lines may be of any length: the parser reads them in pieces;
 * - 1,000 header fields in a block: real messages carry a few dozen, some hundred after many relays;
 * - MIME parts nested 32 deep at most. Every line of a message is compared with the boundary of each
 *   part that encloses it, so the depth multiplies the parser's work per line; a chain of forwarded
 *   messages adds two levels a forward and stays far below it;
 * - 1,000 MIME parts in all (so at most 999 attachments);
 * - 1,000 addresses in each address field (From, To, Cc, Bcc, Reply-To).
 */
export const MESSAGE_LIMITS = {
  maxHeaderBytes: 1024 * 1024,
  maxHeaderFields: 1000,
  maxNestingDepth: 32,
  maxParts: 1000,
  maxAddressesPerField: 1000,
} as const;

/**
 * A message whose content is refused for good: it breaks one of the limits above or cannot be
 * parsed at all. Sending it again changes nothing, so SMTP answers it with a permanent 554.
 */
export class MessageContentRefused extends Error {
  override name = 'MessageContentRefused';
}

/** The options that make mailparser's own splitter enforce the same header and part limits. */
export const parserLimits = {
  maxHeadSize: MESSAGE_LIMITS.maxHeaderBytes,
  maxChildNodes: MESSAGE_LIMITS.maxParts,
};

function depthOf(node: MimeNode): number {
  let depth = 0;
  for (let parent = node.parentNode; parent; parent = parent.parentNode) depth += 1;
  return depth;
}

/** What is wrong with one part of the message, or undefined when it is within the limits. */
function partProblem(node: MimeNode, parts: number): string | undefined {
  if (parts > MESSAGE_LIMITS.maxParts) {
    return `it has more than ${MESSAGE_LIMITS.maxParts} MIME parts`;
  }
  if (depthOf(node) > MESSAGE_LIMITS.maxNestingDepth) {
    return `its MIME parts are nested more than ${MESSAGE_LIMITS.maxNestingDepth} deep`;
  }
  const fields = node.headers ? node.headers.getList().length : 0;
  if (fields > MESSAGE_LIMITS.maxHeaderFields) {
    return `a header has more than ${MESSAGE_LIMITS.maxHeaderFields} fields`;
  }
  return undefined;
}

/** The splitter's own limit errors, in the words of the limits above. */
function splitterProblem(error: Error & { code?: string }): string {
  if (error.code !== 'EMAXLEN') return `it cannot be parsed (${error.message})`;
  if (/child nodes/i.test(error.message)) {
    return `it has more than ${MESSAGE_LIMITS.maxParts} MIME parts`;
  }
  return `a header is larger than ${MESSAGE_LIMITS.maxHeaderBytes} bytes`;
}

/**
 * Walks the MIME structure of a raw message with the splitter mailparser itself uses (so both see
 * the same parts) and stops at the first limit passed, before the message is parsed: a message of
 * 100,000 header lines or 5,000 nested parts costs one linear pass and is refused.
 */
export function checkMessageStructure(raw: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const splitter = new Splitter(parserLimits);
    let parts = 0;
    let settled = false;
    const refuse = (problem: string) => {
      if (settled) return;
      settled = true;
      splitter.destroy();
      reject(new MessageContentRefused(`The message cannot be accepted: ${problem}`));
    };
    splitter.on('data', (chunk) => {
      if (chunk.type !== 'node') return;
      parts += 1;
      const problem = partProblem(chunk, parts);
      if (problem) refuse(problem);
    });
    // The splitter's typings declare only its data event; the others are a Transform's.
    const stream = splitter as unknown as Transform;
    stream.on('error', (error: Error) => refuse(splitterProblem(error)));
    stream.on('end', () => {
      settled = true;
      resolve();
    });
    splitter.end(raw);
  });
}

/** Refuses a parsed message with more addresses in one field than a payload list may hold. */
export function checkAddressCounts(parsed: ParsedMail): void {
  const fields = { From: parsed.from, To: parsed.to, Cc: parsed.cc, Bcc: parsed.bcc };
  for (const [name, header] of Object.entries({ ...fields, 'Reply-To': parsed.replyTo })) {
    if (mailboxes(header).length > MESSAGE_LIMITS.maxAddressesPerField) {
      throw new MessageContentRefused(
        `The message cannot be accepted: its ${name} field has more than ${MESSAGE_LIMITS.maxAddressesPerField} addresses`,
      );
    }
  }
}
