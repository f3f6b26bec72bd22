import { describe, expect, it } from 'vitest';
import { checkEvent } from '../src/event-check';
import { type MeterEvent, RequestValidationError } from '../src/index';
import { MAX_PAYLOAD_KEY_LENGTH, MAX_PAYLOAD_VALUE_LENGTH } from '../src/schemas';
import { rejectionOf, unitClient, useNock } from './support/unit';

// No interceptor is set up: nock refuses any request that slips through the checks.
useNock();

const longKey = 'k'.repeat(MAX_PAYLOAD_KEY_LENGTH + 1);
const longValue = 'v'.repeat(MAX_PAYLOAD_VALUE_LENGTH + 1);

const overLimit: { field: string; event: MeterEvent; issue: string }[] = [
  {
    field: 'event_name',
    event: { event_name: 'e'.repeat(101), payload: {} },
    issue: 'event_name must be at most 100 characters long',
  },
  {
    field: 'identifier',
    event: { event_name: 'api_call', identifier: 'i'.repeat(101), payload: {} },
    issue: 'identifier must be at most 100 characters long',
  },
  {
    field: 'a payload value',
    event: { event_name: 'api_call', payload: { value: longValue } },
    issue: `payload.value must be at most ${MAX_PAYLOAD_VALUE_LENGTH} characters long`,
  },
  {
    field: 'a payload key',
    event: { event_name: 'api_call', payload: { [longKey]: '1' } },
    // zod reports a key that breaks its rule as a key not allowed, under the key's own path.
    issue: `payload.${longKey} has a key that is not allowed`,
  },
];

const issuesOf = (error: unknown) =>
  (error as RequestValidationError).issues.map((i) => `${i.path} ${i.message}`);

describe('metering length limits, on the client side', () => {
  for (const { field, event, issue } of overLimit) {
    it(`events.send refuses ${field} over its length limit before any request, naming it`, async () => {
      const error = await rejectionOf(unitClient().events.send([event]));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(issuesOf(error)).toEqual([`events[0].${issue}`]);
    });

    it(`a stream refuses ${field} over its length limit at push, naming it, and takes nothing`, async () => {
      const stream = unitClient().createStream();
      let error: unknown;
      try {
        stream.push(event);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(issuesOf(error)).toEqual([issue]);
      expect(stream.stats.accepted).toBe(0);
      await stream.close();
    });
  }

  it('payload keys and values exactly at their limits are taken', () => {
    const payload = { ['k'.repeat(MAX_PAYLOAD_KEY_LENGTH)]: 'v'.repeat(MAX_PAYLOAD_VALUE_LENGTH) };
    expect(checkEvent({ event_name: 'api_call', payload }).payload).toEqual(payload);
  });
});
