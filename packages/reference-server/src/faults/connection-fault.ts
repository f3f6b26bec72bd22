/**
 * A connection that fails before the answer's headers: closed (`drop`) or reset (`reset`).
 * Nothing reaches the client.
 */
export type NoAnswer = { kind: 'drop' } | { kind: 'reset' };

/**
 * A connection that fails after the answer's headers and half its body: reset (`reset-mid-body`),
 * closed (`truncate`) or held open with nothing more sent (`stall`). `answer` is the whole answer
 * the client would have received.
 */
export interface CutAnswer {
  kind: 'reset-mid-body' | 'truncate' | 'stall';
  answer: Response;
}

/** How an injected fault makes the connection fail; only the transport can carry it out. */
export type LostConnection = NoAnswer | CutAnswer;

/**
 * What the app throws to hand a connection fault to the transport (the socket, or the in-process
 * `fetch`). Being thrown rather than answered, it passes every stage of the pipeline untouched: no
 * stage can wrap it into a body or give it headers, and the error mapping lets it through.
 */
export class ConnectionFault extends Error {
  override name = 'ConnectionFault';

  constructor(readonly lost: LostConnection) {
    super(`an injected fault loses the connection (${lost.kind})`);
  }
}

/** The part of a body sent before the connection is cut or stalls: the first half. */
export function sentPart(body: Uint8Array): Uint8Array {
  return body.subarray(0, Math.floor(body.byteLength / 2));
}
