/** How many unhandled rejections a watch keeps the text of. */
const SAMPLE_LIMIT = 5;

/** Rejections nobody handled while a watch was on. */
export interface UnhandledRejections {
  count: number;
  samples: string[];
  /** Stops watching. */
  stop(): void;
}

/** Counts the process's unhandled rejections until `stop()`. */
export function watchUnhandledRejections(): UnhandledRejections {
  const watch: UnhandledRejections = {
    count: 0,
    samples: [],
    stop: () => process.off('unhandledRejection', listener),
  };
  const listener = (reason: unknown) => {
    watch.count += 1;
    if (watch.samples.length < SAMPLE_LIMIT) watch.samples.push(String(reason));
  };
  process.on('unhandledRejection', listener);
  return watch;
}
