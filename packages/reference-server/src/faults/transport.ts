/**
 * The faults that only the transport can carry out: it closes or resets the connection, or sends
 * the headers and part of the body and then cuts the rest or holds it back.
 */
export type TransportFault = 'drop' | 'reset' | 'reset-mid-body' | 'truncate' | 'stall';

/**
 * The header by which the app tells the transport (the socket, or the in-process `fetch`) which
 * fault to carry out. The transport removes it: it never reaches a client.
 */
export const FAULT_HEADER = 'x-reference-server-fault';

const transportFaults = new Set<string>(['drop', 'reset', 'reset-mid-body', 'truncate', 'stall']);

/** The transport fault an answer carries, if any. */
export function transportFaultOf(response: Response): TransportFault | undefined {
  const value = response.headers.get(FAULT_HEADER);
  return value !== null && transportFaults.has(value) ? (value as TransportFault) : undefined;
}

/** Whether the client gets no answer at all: the connection goes before the headers. */
export function sendsNoAnswer(response: Response): boolean {
  const fault = transportFaultOf(response);
  return fault === 'drop' || fault === 'reset';
}

/** An answer that stands for a connection closed (`drop`) or reset before the headers. */
export function noAnswer(fault: 'drop' | 'reset'): Response {
  return new Response(null, { status: 599, headers: { [FAULT_HEADER]: fault } });
}

/** The part of a body sent before the connection is cut or stalls: the first half. */
export function sentPart(body: Uint8Array): Uint8Array {
  return body.subarray(0, Math.floor(body.byteLength / 2));
}
