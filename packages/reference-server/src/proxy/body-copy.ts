import { Transform } from 'node:stream';

/** A body streamed through, and the copy kept of it. */
export interface BodyCopy {
  /** Passes every chunk on unchanged, keeping a copy while the body is within the limit. */
  stream: Transform;
  /** The whole body once it has ended, or undefined while it flows or once it grew past the limit. */
  kept(): Uint8Array | undefined;
}

/**
 * A pass-through that keeps a copy of a body up to `maxBytes`, so that memory stays bounded
 * however large the body that flows through. With `atEnd`, the last chunk is held back until
 * `atEnd` has run on the whole body: a reader has every byte only then, even one that knows the
 * length and so needs no end to see the body complete.
 */
export function bodyCopy(maxBytes: number, atEnd?: () => Promise<void>): BodyCopy {
  let chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  let held: Buffer | undefined;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.byteLength;
      if (size <= maxBytes) chunks.push(chunk);
      else chunks = [];
      if (!atEnd) return done(null, chunk);
      if (held) this.push(held);
      held = chunk;
      done();
    },
    flush(done) {
      ended = true;
      if (!atEnd) return done();
      atEnd().then(() => done(null, held), done);
    },
  });
  return {
    stream,
    kept: () => (ended && size <= maxBytes ? Buffer.concat(chunks, size) : undefined),
  };
}
