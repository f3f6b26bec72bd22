import { once } from 'node:events';
import { afterEach, beforeEach } from 'vitest';
import { MeterEventDeliveryError } from '../../src/index';

export interface StreamWarnings {
  /** The warnings the streams announced during the current test. */
  readonly list: MeterEventDeliveryError[];
  /** The next one, as an application listening to the process would hear it. */
  next(): Promise<MeterEventDeliveryError>;
}

/** Collects the process warnings the streams announce, test by test. */
export function useStreamWarnings(): StreamWarnings {
  const list: MeterEventDeliveryError[] = [];
  const collect = (warning: Error) => {
    if (warning instanceof MeterEventDeliveryError) list.push(warning);
  };
  beforeEach(() => {
    list.length = 0;
    process.on('warning', collect);
  });
  afterEach(() => {
    process.off('warning', collect);
  });
  return {
    list,
    async next() {
      for (;;) {
        const [warning] = (await once(process, 'warning')) as [Error];
        if (warning instanceof MeterEventDeliveryError) return warning;
      }
    },
  };
}

/** Lets a warning emitted by now reach its listeners, which hear of it on the next tick. */
export const warningsDelivered = () => new Promise((resolve) => setImmediate(resolve));
