import type { InboundMessage } from '@clientkit/contracts/mail';
import type { SharedContent } from './inbound-payload';

/** The shared parts a payload was built from, when it was built from shared parts. */
const sharedParts = new WeakMap<InboundMessage, SharedContent>();
/** The JSON of shared parts, encoded once and sent to every recipient's hook. */
const encodedParts = new WeakMap<SharedContent, Uint8Array>();

/**
 * Records that `payload` holds the fields of `shared` unchanged, so that its JSON can reuse the
 * encoding of those fields: a message to a hundred recipients is then encoded once, not a hundred
 * times (each encoding is as large as the message, base64 attachments included).
 */
export function shareSerialization(payload: InboundMessage, shared: SharedContent): void {
  sharedParts.set(payload, shared);
}

/** The JSON of a payload as bytes: its own fields, then the shared ones (same bytes every time). */
export function payloadBody(payload: InboundMessage): Uint8Array[] {
  const shared = sharedParts.get(payload);
  if (!shared) return [Buffer.from(JSON.stringify(payload))];
  const own = Object.fromEntries(
    Object.entries(payload).filter(([name]) => !Object.hasOwn(shared, name)),
  );
  const ownJson = JSON.stringify(own);
  // `{...own` + `,` + `...shared}`: the shared encoding is kept without its opening brace.
  const head = ownJson === '{}' ? '{' : `${ownJson.slice(0, -1)},`;
  return [Buffer.from(head), encodedSharedPart(shared)];
}

function encodedSharedPart(shared: SharedContent): Uint8Array {
  let bytes = encodedParts.get(shared);
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify(shared).slice(1));
    encodedParts.set(shared, bytes);
  }
  return bytes;
}
