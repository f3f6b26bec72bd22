import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { refuseNonJsonBody } from '../../json-body';
import { ApiProblem } from '../../problem';
import { MailErrorCode } from './errors';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares tokens through their digests, so the time taken tells nothing about a wrong guess. */
function tokenMatches(given: string | undefined, expected: string): boolean {
  return timingSafeEqual(digest(given ?? ''), digest(expected)) && given !== undefined;
}

/** True when an Accept header is absent or admits application/json with a non-zero quality. */
function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const quality = params.find((param) => param.startsWith('q='));
    if (quality !== undefined && Number(quality.slice(2)) === 0) return false;
    return ['application/json', 'application/*', '*/*'].includes(type);
  });
}

/**
 * What every request under `/servers` must get right before anything else: the account token, then
 * an Accept that admits JSON, then (where the operation takes a body) a body sent as JSON.
 */
export async function checkAccountRequest(
  c: Context,
  accountToken: string,
  takesBody: boolean,
): Promise<void> {
  if (!tokenMatches(c.req.header('x-mail-account-token'), accountToken)) {
    throw new ApiProblem(
      401,
      'Missing or wrong account token: send it in the X-Mail-Account-Token header',
      MailErrorCode.badToken,
    );
  }
  if (!acceptsJson(c.req.header('accept'))) {
    throw new ApiProblem(
      406,
      'This interface answers JSON only: send Accept: application/json',
      MailErrorCode.jsonRequired,
    );
  }
  if (!takesBody) return;
  await refuseNonJsonBody(
    c,
    () =>
      new ApiProblem(
        415,
        'Send the body as JSON with Content-Type: application/json',
        MailErrorCode.jsonRequired,
      ),
  );
}
