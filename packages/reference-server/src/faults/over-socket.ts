import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Stalls } from './stalls';
import { FAULT_HEADER, sentPart, transportFaultOf } from './transport';

/** The answer's headers for node:http, announcing the full length of a body that will not all come. */
function announcedHeaders(headers: Headers, length: number): OutgoingHttpHeaders {
  const announced: OutgoingHttpHeaders = {};
  for (const [name, value] of headers) {
    if (name !== FAULT_HEADER && name !== 'set-cookie') announced[name] = value;
  }
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) announced['set-cookie'] = cookies;
  announced['content-length'] = String(length);
  return announced;
}

/**
 * Carries out the transport fault an answer carries on the real connection: closes it (`drop`),
 * resets it (`reset`), or sends the headers and the first half of the body and then closes it
 * (`truncate`), resets it (`reset-mid-body`) or holds it open (`stall`). Answers without a fault
 * are returned for the adapter to send.
 */
export async function deliverOverSocket(
  response: Response,
  outgoing: ServerResponse,
  stalls: Stalls,
): Promise<Response> {
  const fault = transportFaultOf(response);
  if (fault === undefined) return response;
  const socket = outgoing.socket;
  // The client is gone already (it gave up during an injected wait): nothing is left to break.
  if (!socket || socket.destroyed) return RESPONSE_ALREADY_SENT;
  if (fault === 'drop') {
    socket.destroy();
    return RESPONSE_ALREADY_SENT;
  }
  if (fault === 'reset') {
    socket.resetAndDestroy();
    return RESPONSE_ALREADY_SENT;
  }
  const body = new Uint8Array(await response.arrayBuffer());
  outgoing.writeHead(response.status, announcedHeaders(response.headers, body.byteLength));
  const part = sentPart(body);
  // A HEAD answer has no body to send half of: its headers still go out before the fault.
  if (part.byteLength > 0) outgoing.write(part);
  else outgoing.flushHeaders();
  if (fault === 'stall') {
    const release = stalls.hold(() => socket.destroy());
    socket.once('close', release);
    return RESPONSE_ALREADY_SENT;
  }
  // Cut only once what was written has left, so that the client receives it before the cut.
  socket.write(new Uint8Array(0), () =>
    fault === 'truncate' ? socket.destroy() : socket.resetAndDestroy(),
  );
  return RESPONSE_ALREADY_SENT;
}
