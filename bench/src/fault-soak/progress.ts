/**
 * How far the rounds have got, for the stream to keep pace with them: `next()` resolves when the
 * next task ends, or at once when every task has ended.
 */
export class Progress {
  completed = 0;
  #waiting: (() => void)[] = [];

  constructor(readonly total: number) {}

  get done(): boolean {
    return this.completed >= this.total;
  }

  taskEnded(): void {
    this.completed += 1;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve();
  }

  next(): Promise<void> {
    if (this.done) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
}
