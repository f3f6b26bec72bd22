import type { InjectedFault } from '@clientkit/reference-server';

/** How an injection is named in the report: the fault mix's own words. */
export function injectionLabel(entry: InjectedFault): string {
  if (entry.kind === 'status') return String(entry.status);
  if (entry.kind === 'reset') return entry.when === 'mid-body' ? 'reset mid-body' : 'reset';
  return entry.kind;
}

/**
 * Counts the server's injections by kind. The server keeps only its latest 1,000, so the soak
 * drains the log as it goes: every entry after the last one seen is new. When that entry has left
 * the log, injections may have been missed in between, and the tally says so.
 */
export class InjectionTally {
  readonly byKind = new Map<string, number>();
  total = 0;
  /** Whether the log overflowed between two readings, so that some injections went uncounted. */
  missedSome = false;
  #lastSeen: string | undefined;

  constructor(private readonly read: () => InjectedFault[]) {}

  drain(): void {
    const entries = this.read();
    const at = this.#lastSeen === undefined ? -1 : this.#indexOfLastSeen(entries);
    if (this.#lastSeen !== undefined && at === -1 && entries.length > 0) this.missedSome = true;
    for (const entry of entries.slice(at + 1)) {
      const label = injectionLabel(entry);
      this.byKind.set(label, (this.byKind.get(label) ?? 0) + 1);
      this.total += 1;
    }
    if (entries.length > 0) this.#lastSeen = entries.at(-1)!.requestId;
  }

  #indexOfLastSeen(entries: InjectedFault[]): number {
    for (let index = entries.length - 1; index >= 0; index--) {
      if (entries[index]!.requestId === this.#lastSeen) return index;
    }
    return -1;
  }
}
