import { redactUrl } from '../redaction/redact';
import { RefusedRedirect } from './failure';
import type { AttemptRequest, ReceivedResponse, Sender } from './sender';

/** The most redirects one attempt follows. */
export const MAX_REDIRECTS = 5;

/** The statuses that send the client elsewhere, with a `Location`. */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** The methods whose redirects are followed: they carry no body, and repeating them changes nothing. */
const FOLLOWED_METHODS = new Set(['GET', 'HEAD']);

/**
 * Sends one attempt and follows the redirects the rule allows, each hop within the attempt's
 * signal (its timeout covers them all). Fetch is told not to follow (`redirect: 'manual'`), so
 * core decides: credentials and bodies go only to the origin they were given for.
 *
 * - A GET or HEAD follows a redirect to its own origin, at most 5 in a row.
 * - A redirect to another origin is never followed, and nor is any redirect of another method (a
 *   write, the token exchange): its body and credentials would be sent again.
 * - A redirect back to a URL already visited is a loop.
 *
 * Each refusal rejects with a `RefusedRedirect`, which is never retried. `answered` is told of
 * each redirect that is followed (to end its telemetry).
 */
export async function sendFollowingRedirects(
  sender: Sender,
  attempt: AttemptRequest,
  answered: (redirect: ReceivedResponse) => void,
): Promise<ReceivedResponse> {
  const origin = new URL(attempt.url).origin;
  const visited = new Set([attempt.url]);
  let hop = attempt;
  for (;;) {
    const received = await sender.send(hop);
    const location = locationOf(received);
    if (location === undefined) return received;
    const target = nextUrl(location, hop.url);
    const refusal = refusalOf(attempt.method, origin, target, visited);
    if (refusal) {
      const start = { status: received.status, headers: received.headers() };
      throw new RefusedRedirect(refusal, received.url, start);
    }
    answered(received);
    visited.add(target.href);
    hop = { ...hop, url: target.href };
  }
}

/** The `Location` of a redirect, or undefined for any other answer. */
function locationOf(received: ReceivedResponse): string | undefined {
  if (!REDIRECT_STATUSES.has(received.status)) return undefined;
  return received.headers().get('location') ?? undefined;
}

/** Where a redirect points, resolved against the URL that answered; a `Location` that is no URL points nowhere. */
function nextUrl(location: string, from: string): URL {
  try {
    return new URL(location, from);
  } catch {
    return new URL('about:invalid');
  }
}

/** Why a redirect is not followed, as the end of the sentence `The 302 answer ...`; undefined to follow it. */
function refusalOf(
  method: string,
  origin: string,
  target: URL,
  visited: Set<string>,
): string | undefined {
  const to = redactUrl(target.href);
  if (target.origin !== origin) {
    return `redirects to ${to}, another origin than ${origin}: not followed`;
  }
  if (!FOLLOWED_METHODS.has(method)) {
    return `redirects a ${method} to ${to}: only GET and HEAD are followed`;
  }
  if (visited.has(target.href)) return `redirects back to ${to}: a redirect loop`;
  if (visited.size > MAX_REDIRECTS) {
    return `redirects a ${MAX_REDIRECTS + 1}th time (to ${to}): too many redirects`;
  }
  return undefined;
}
