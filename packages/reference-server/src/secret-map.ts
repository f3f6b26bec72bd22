import { createHash } from 'node:crypto';

const digest = (secret: string) => createHash('sha256').update(secret).digest('base64');

/**
 * A map whose keys are secrets (tokens, API keys), stored and looked up by their SHA-256 digest.
 * A lookup's timing can only depend on the digest of what was sent, which tells nothing about a
 * real secret, and the secrets themselves are not kept.
 */
export class SecretMap<V> {
  readonly #entries = new Map<string, V>();

  constructor(entries: Iterable<readonly [string, V]> = []) {
    for (const [secret, value] of entries) this.set(secret, value);
  }

  get size(): number {
    return this.#entries.size;
  }

  get(secret: string): V | undefined {
    return this.#entries.get(digest(secret));
  }

  has(secret: string): boolean {
    return this.#entries.has(digest(secret));
  }

  set(secret: string, value: V): this {
    this.#entries.set(digest(secret), value);
    return this;
  }

  delete(secret: string): boolean {
    return this.#entries.delete(digest(secret));
  }

  clear(): void {
    this.#entries.clear();
  }

  values(): IterableIterator<V> {
    return this.#entries.values();
  }
}
