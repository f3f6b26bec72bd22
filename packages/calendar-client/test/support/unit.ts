import {
  CalendarClient,
  type CalendarClientOptions,
  RequestValidationError,
} from '@clientkit/calendar-client';
import fc from 'fast-check';
import { expect } from 'vitest';
import { rejectionOf } from '../../../../test-support/unit';

/** The origin of unit tests, and its REST root; nock answers for them. */
export const API_ROOT = 'http://calendar.test/wp-json';
export const ORIGIN = 'http://calendar.test';
export const NS = '/wp-json/calendar/events/v1';

/** A client against the nock origin, without retries unless a test asks for them. */
export function unitClient(options: Partial<CalendarClientOptions> = {}): CalendarClient {
  const base = options.apiRoot === undefined ? { baseUrl: ORIGIN } : {};
  return new CalendarClient({ ...base, retry: 0, ...options });
}

export { useNock } from '../../../../test-support/unit';

/** The `RequestValidationError` a call is refused with, whether it throws or rejects. */
export async function refusalOf(call: () => PromiseLike<unknown>): Promise<RequestValidationError> {
  const error = await rejectionOf(Promise.resolve().then(call));
  expect(error).toBeInstanceOf(RequestValidationError);
  return error as RequestValidationError;
}

/** Anything but a whole number from `min` to 2^53 - 1: text of digits among them. */
export const notAWholeNumberFrom = (min: number) =>
  fc.oneof(
    fc.integer({ max: min - 1 }),
    fc.double().filter((value) => !Number.isSafeInteger(value) || value < min),
    fc.constantFrom(2 ** 53, -1, '0', '1', '110', '', null, true, [1], { id: 1 }),
    fc.string(),
  );
