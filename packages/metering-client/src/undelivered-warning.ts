import type { MeterEventDeliveryError } from './stream-errors';

interface WarningProcess {
  emitWarning(warning: Error): void;
}

/**
 * Announces events nobody took, so that a failure is heard even by an application that gave no
 * `onBatchError` and does not call `flush()` or `close()`: as a process warning where there is a
 * process (Node, Bun, Deno), which prints it and hands it to `process.on('warning')` listeners,
 * where the events are in its `failures`; on the console elsewhere.
 */
export function warnUndelivered(error: MeterEventDeliveryError): void {
  const process = (globalThis as { process?: Partial<WarningProcess> }).process;
  if (typeof process?.emitWarning === 'function') process.emitWarning(error);
  else console.warn(`${error.name}: ${error.message}`);
}
