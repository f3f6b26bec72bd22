import { type ParsedMail, simpleParser } from 'mailparser';
import {
  checkAddressCounts,
  checkMessageStructure,
  MessageContentRefused,
  parserLimits,
} from './message-limits';

/**
 * Parses a raw RFC 5322 message, keeping bodies as they were sent (no text/HTML conversions), once
 * its structure is known to be within the limits. A message the parser fails on fails the same way
 * every time, so that failure is a refusal of the content too.
 */
export async function parseRawMessage(raw: Buffer): Promise<ParsedMail> {
  await checkMessageStructure(raw);
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, {
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
      keepCidLinks: true,
      ...parserLimits,
    } as Parameters<typeof simpleParser>[1]);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MessageContentRefused(`The message cannot be parsed: ${reason}`);
  }
  checkAddressCounts(parsed);
  return parsed;
}
