import { resolve } from 'node:path';
import type { RecordedExchange } from '../recording/recorded-exchange';
import { readRecordings } from '../recording/recording-files';
import { matchingPath, sameBody } from '../recording/request-key';

/**
 * One of the scopes nock made for a recording (nock's own `Scope`), typed by what a test asks of
 * it, so that the type files do not need nock where nock is not installed.
 */
export interface RecordedScope {
  /** Whether its recording was answered. */
  isDone(): boolean;
  /** Throws when its recording was not answered. */
  done(): void;
  /** The recordings it holds that were not answered yet. */
  pendingMocks(): string[];
}

/** A definition with the matching rules of the replay server, in nock's filters. */
function withMatchingRules(exchange: RecordedExchange) {
  const recordedBody = exchange.body ?? '';
  const asSent = typeof recordedBody === 'string' ? recordedBody : JSON.stringify(recordedBody);
  return {
    ...exchange,
    body: recordedBody,
    filteringPath: matchingPath,
    // nock compares what this returns with the recorded body: the recorded body itself when the
    // request matches it by the rules (credentials and the values a client makes up left out).
    filteringRequestBody: (sent: string) =>
      sameBody(exchange.path, sent, recordedBody) ? asSent : sent,
  };
}

/**
 * Defines the exchanges a proxy recorded in `dir` on the application's nock (a peer dependency)
 * and returns its scopes: a unit test then gets the real service's answers with no server. Requests
 * match as on the replay server: on method, path, query and body, credentials and the values a
 * client makes up left out; the n-th of identical requests gets the n-th recording. Clients address
 * the origin the recording was made against (its `scope`).
 *
 * @example
 * const scopes = await nockRecording('recordings');
 * const docs = new DocsClient({ baseUrl: 'https://api.docs.example', token: 'any' });
 * await docs.user.get();
 * for (const scope of scopes) scope.done();
 */
export async function nockRecording(dir: string): Promise<RecordedScope[]> {
  const { default: nock } = await import('nock');
  const recordings = readRecordings(resolve(dir));
  const definitions = recordings.flatMap(({ exchanges }) => exchanges.map(withMatchingRules));
  // nock's types describe rawHeaders as an object; define() also takes the list its recorder writes.
  return nock.define(definitions as unknown as Parameters<typeof nock.define>[0]);
}
