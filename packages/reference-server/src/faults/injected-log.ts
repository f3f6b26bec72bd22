import type { InjectedFault } from './injection';

/** How many injections the log keeps: the latest, so that a long chaos run stays bounded. */
export const INJECTED_LOG_LIMIT = 1000;

/** The latest injections, oldest first. */
export class InjectedLog {
  #entries: InjectedFault[] = [];

  add(entry: InjectedFault): void {
    this.#entries.push(entry);
    if (this.#entries.length > INJECTED_LOG_LIMIT) this.#entries.shift();
  }

  list(): InjectedFault[] {
    return this.#entries.map((entry) => ({ ...entry }));
  }

  clear(): void {
    this.#entries = [];
  }
}
