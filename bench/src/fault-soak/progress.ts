/**
 * How far the rounds have got, for the stream to keep pace with them: `next()` resolves when the
 * next task ends, or at once when every task has ended.
 */
export class Progress {
  completed = 0;
  #waiting: (() => void)[] = [];

  /** `onTenth` hears of each tenth of the tasks as it is reached. */
  constructor(
    readonly total: number,
    private readonly onTenth?: (tenths: number) => void,
  ) {}

  get done(): boolean {
    return this.completed >= this.total;
  }

  taskEnded(): void {
    this.completed += 1;
    const tenths = Math.floor((this.completed * 10) / this.total);
    if (tenths > Math.floor(((this.completed - 1) * 10) / this.total)) this.onTenth?.(tenths);
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve();
  }

  next(): Promise<void> {
    if (this.done) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
}
