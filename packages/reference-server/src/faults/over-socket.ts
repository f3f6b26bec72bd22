import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { type LostConnection, sentPart } from './connection-fault';
import type { FaultWaits } from './waits';

/** The answer's headers for node:http, announcing the full length of a body that will not all come. */
function announcedHeaders(headers: Headers, length: number): OutgoingHttpHeaders {
  const announced: OutgoingHttpHeaders = {};
  for (const [name, value] of headers) {
    if (name !== 'set-cookie') announced[name] = value;
  }
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) announced['set-cookie'] = cookies;
  announced['content-length'] = String(length);
  return announced;
}

/**
 * Carries out a lost connection on the real one: closes it (`drop`), resets it (`reset`), or
 * sends the headers and the first half of the body and then closes it (`truncate`), resets it
 * (`reset-mid-body`) or holds it open (`stall`).
 */
export async function deliverOverSocket(
  lost: LostConnection,
  outgoing: ServerResponse,
  waits: FaultWaits,
): Promise<Response> {
  const socket = outgoing.socket;
  // The client is gone already (it gave up during an injected wait): nothing is left to break.
  if (!socket || socket.destroyed) return RESPONSE_ALREADY_SENT;
  if (lost.kind === 'drop') {
    socket.destroy();
    return RESPONSE_ALREADY_SENT;
  }
  if (lost.kind === 'reset') {
    socket.resetAndDestroy();
    return RESPONSE_ALREADY_SENT;
  }
  const { answer, kind } = lost;
  const body = new Uint8Array(await answer.arrayBuffer());
  outgoing.writeHead(answer.status, announcedHeaders(answer.headers, body.byteLength));
  const part = sentPart(body);
  // A HEAD answer has no body to send half of: its headers still go out before the fault.
  if (part.byteLength > 0) outgoing.write(part);
  else outgoing.flushHeaders();
  if (kind === 'stall') {
    const release = waits.hold(() => socket.destroy());
    socket.once('close', release);
    return RESPONSE_ALREADY_SENT;
  }
  // Cut only once what was written has left, so that the client receives it before the cut.
  socket.write(new Uint8Array(0), () =>
    kind === 'truncate' ? socket.destroy() : socket.resetAndDestroy(),
  );
  return RESPONSE_ALREADY_SENT;
}
