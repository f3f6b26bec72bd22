import {
  createReferenceServer,
  type InterfaceName,
  type ReferenceServer,
  type ReferenceServerOptions,
} from '@clientkit/reference-server';
import { afterAll, beforeAll } from 'vitest';
import { describeReport, type RecordedAnswer, recordAnswer, reportOn } from './answer-check';
import {
  type InterfaceDocuments,
  loadDocuments,
  VALIDATED_INTERFACES,
} from './interface-documents';

export interface ReferenceServerState {
  server: ReferenceServer;
  origin: string;
  /** The OpenAPI document of each interface in VALIDATED_INTERFACES, as the server serves it. */
  documents: InterfaceDocuments;
  /** Every answer the server sent since the documents were loaded, in the order it sent them. */
  answers: Promise<RecordedAnswer>[];
}

/**
 * A reference server listening on an ephemeral loopback port for the tests of one file. Every
 * answer it sends is recorded (through `onExchange`, whatever HTTP stack the SDK uses), and after
 * the file's tests each one is validated against its interface's own OpenAPI document: a file
 * fails when one does not validate, or when none of `drives` (listed in VALIDATED_INTERFACES) did.
 */
export function useReferenceServer(drives: InterfaceName, options: ReferenceServerOptions = {}) {
  const state = { answers: [] } as unknown as ReferenceServerState;
  let recording = false;
  beforeAll(async () => {
    state.server = await createReferenceServer({
      logError: () => {},
      ...options,
      onExchange: (exchange) => {
        if (recording) state.answers.push(recordAnswer(exchange));
      },
    });
    state.origin = (await state.server.listen(0, '127.0.0.1')).url;
    // The token signing key is made on first use, which can take seconds on a loaded machine;
    // made now, it is not charged to an SDK's own token timeout (auth0's is a fixed 10 s).
    await (await fetch(`${state.origin}/.well-known/jwks.json`)).arrayBuffer();
    state.documents = await loadDocuments(state.server, state.origin);
    recording = true;
  });
  afterAll(async () => {
    try {
      if (state.documents) await checkAnswers(drives, state);
    } finally {
      await state.server?.close();
    }
  });
  return state;
}

/** Prints the answers validated per interface; throws on any problem, naming the requests. */
async function checkAnswers(drives: InterfaceName, state: ReferenceServerState): Promise<void> {
  const report = reportOn(await Promise.all(state.answers), state.documents);
  console.info(describeReport(report));
  if (report.problems.length > 0)
    throw new Error(
      `every answer validates against its interface's OpenAPI document: ${report.problems.length} problems\n${report.problems.join('\n')}`,
    );
  if (VALIDATED_INTERFACES.includes(drives) && report.counts[drives] === 0)
    throw new Error(`no ${drives} answer was recorded, so none was validated against its document`);
}

/** The error a promise rejects with, or undefined when it resolves. */
export async function rejectionOf(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}
