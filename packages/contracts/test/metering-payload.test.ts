import { describeIssues } from '@clientkit/core/contract';
import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import {
  MAX_PAYLOAD_KEY_LENGTH,
  MAX_PAYLOAD_VALUE_LENGTH,
  MeterEventPayload,
  PROTO_KEY_RULE,
} from '../src/metering';

function outcome(value: unknown) {
  const result = safeParse(MeterEventPayload, value, { reportInput: true });
  return result.success ? { data: result.data } : { issues: describeIssues(result.error.issues) };
}

describe('the payload schema', () => {
  it('refuses a key named __proto__ by name and reports nothing else about that payload', () => {
    const value = JSON.parse('{"__proto__":"x","toolong":7}');
    expect(outcome(value)).toEqual({ issues: [{ path: '', message: PROTO_KEY_RULE }] });
  });

  it('names each key that is too long and each value that is not a short string', () => {
    const longKey = 'k'.repeat(MAX_PAYLOAD_KEY_LENGTH + 1);
    const payload = { [longKey]: 'x', a: 'v'.repeat(MAX_PAYLOAD_VALUE_LENGTH + 1), b: 1 };
    expect(outcome(payload)).toEqual({
      issues: [
        { path: longKey, message: 'has a key that is not allowed' },
        { path: 'a', message: `must be at most ${MAX_PAYLOAD_VALUE_LENGTH} characters long` },
        { path: 'b', message: 'must be a string, not a number' },
      ],
    });
  });

  it('counts characters, not UTF-16 units: 100 emoji make a key of 100', () => {
    const key = '👍'.repeat(MAX_PAYLOAD_KEY_LENGTH);
    const value = '👍'.repeat(MAX_PAYLOAD_VALUE_LENGTH);
    expect(outcome({ [key]: value })).toEqual({ data: { [key]: value } });
  });

  it('returns a copy, so that later changes to the caller’s object cannot alter what is sent', () => {
    const payload = { value: '1' };
    const { data } = outcome(payload) as { data: Record<string, string> };
    payload.value = '2';
    expect(data).toEqual({ value: '1' });
  });
});
