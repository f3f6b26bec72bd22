import type { InboundHeader } from '@clientkit/contracts/mail';

/** The score from which SpamAssassin, which the real service runs, calls a message spam. */
export const SPAM_REQUIRED_SCORE = 5;

/** What the reference server's spam check reports in `X-Spam-Checker-Version`. */
export const SPAM_CHECKER_VERSION = 'SpamAssassin 3.4.6 (2021-04-09) on clientkit reference server';

function carries(headers: InboundHeader[], name: string): boolean {
  return headers.some((header) => header.Name.toLowerCase() === name.toLowerCase());
}

/**
 * The message's headers followed by the four the real service's spam check adds. The reference
 * server runs no filter of its own: a score or test list that a filter upstream wrote into the
 * message is reported (the same score decides `InboundSpamThreshold` blocking); otherwise the
 * score is 0.0 and no test fired. A header the message already carries is not repeated.
 */
export function withSpamCheckHeaders(headers: InboundHeader[], score: number | undefined) {
  const reported = score ?? 0;
  const added: InboundHeader[] = [
    { Name: 'X-Spam-Checker-Version', Value: SPAM_CHECKER_VERSION },
    { Name: 'X-Spam-Status', Value: reported >= SPAM_REQUIRED_SCORE ? 'Yes' : 'No' },
    { Name: 'X-Spam-Score', Value: reported.toFixed(1) },
    { Name: 'X-Spam-Tests', Value: 'NONE' },
  ];
  return [...headers, ...added.filter((header) => !carries(headers, header.Name))];
}
