import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { isRecordId } from '../src/record-path';
import { RecordPath } from '../src/request-schemas';

describe('record path check without the schema', () => {
  it('skips the schema only for path parameters the schema accepts', () => {
    const values = fc.oneof(
      fc.integer({ min: -5, max: 2 ** 53 }),
      fc.double(),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 1.5, 0, -1, '1', '', null, undefined),
      fc.string(),
    );
    const params = fc.oneof(
      fc.record({ id: values }),
      fc.record({ id: values, slug: values }),
      fc.record({ slug: values }),
      fc.record({ id: values, other: values }),
    );
    fc.assert(
      fc.property(params, (given) => {
        if (isRecordId(given)) expect(safeParse(RecordPath, given).success).toBe(true);
      }),
    );
  });

  it('takes the usual record id without the schema', () => {
    expect(isRecordId({ id: 1 })).toBe(true);
    expect(isRecordId({ id: 2 ** 40 })).toBe(true);
    expect(isRecordId({ id: 0 })).toBe(false);
    expect(isRecordId({ id: 1.5 })).toBe(false);
    expect(isRecordId({ id: 1, slug: 'a' })).toBe(false);
  });
});
