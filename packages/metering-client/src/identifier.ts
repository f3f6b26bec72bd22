import type { IdentifiedMeterEvent, MeterEvent } from '@clientkit/contracts/metering';

/**
 * The event with an identifier: its own, or a random UUID. Assigned once, before the first attempt,
 * so that every retry of the event carries the same one and the service counts it once.
 * `crypto.randomUUID` is a global in browsers, edge runtimes and Node 20.
 */
export function withIdentifier(event: MeterEvent): IdentifiedMeterEvent {
  if (event.identifier === undefined) event.identifier = crypto.randomUUID();
  return event as IdentifiedMeterEvent;
}
