import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../src/index';

let server: ReferenceServer;

beforeAll(async () => {
  server = await createReferenceServer({ admin: true, clock: { frozen: true } });
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const addByAdmin = (fault: unknown) =>
  server.fetch('http://reference.test/__admin/faults', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });

/** A bad fault, the words `faults.add` refuses it with, and those of the admin route when they differ. */
type Refusal = [string, Record<string, unknown>, string, string?];

const refused: Refusal[] = [
  ['an unknown kind', { kind: 'explode' }, 'kind must be one of reset, truncate', 'kind'],
  [
    'when without kind "reset"',
    { kind: 'truncate', when: 'mid-body' },
    'when goes with kind "reset"',
  ],
  [
    'an unknown when',
    { kind: 'reset', when: 'later' },
    'when must be before-headers or mid-body',
    'when',
  ],
  [
    'a status with a kind that keeps the handler’s',
    { kind: 'truncate', status: 503 },
    'status goes alone or with kind "html"',
  ],
  ['drop with a kind', { kind: 'reset', drop: true }, 'drop and kind "reset" are two faults'],
  [
    'headers with a kind that sends none',
    { kind: 'stall', headers: { 'X-A': '1' } },
    'go with status or kind "html"',
  ],
  [
    'an html status outside 400 to 599',
    { kind: 'html', status: 200 },
    'status must be an integer from 400 to 599',
  ],
  [
    'count and probability together',
    { status: 503, count: 2, probability: 0.5 },
    'give count or probability, not both',
  ],
  [
    'a probability above 1',
    { status: 503, probability: 1.5 },
    'probability must be a number from 0 to 1',
  ],
  [
    'a seed with nothing to draw',
    { status: 503, seed: 7 },
    'seed goes with probability or a latencyMs range',
  ],
  [
    'a seed that is not an integer',
    { status: 503, probability: 0.5, seed: 1.5 },
    'seed must be an integer from 0 to 4294967295',
  ],
  [
    'a latency range upside down',
    { latencyMs: { min: 10, max: 5 } },
    'latencyMs: min must not be above max',
  ],
  [
    'an unknown field in a latency range',
    { latencyMs: { min: 1, max: 5, mean: 3 } },
    'unknown field "mean"',
    'mean',
  ],
  ['a negative latency', { latencyMs: -1 }, 'latencyMs must be milliseconds from 0 to 600000'],
  [
    'a latency over 10 minutes',
    { latencyMs: 600_001 },
    'latencyMs must be milliseconds from 0 to 600000',
  ],
];

describe('faults that are not valid are refused by name', () => {
  it.each(refused)(
    'refuses %s, through faults.add and POST /__admin/faults, adding nothing',
    async (_, fault, words, adminWords = words) => {
      expect(() => server.faults.add(fault as never)).toThrow(words);
      const response = await addByAdmin(fault);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toContain(adminWords);
      expect(server.faults.list()).toEqual([]);
    },
  );

  it('takes every kind, reset with either when, and html with a status of its own', () => {
    for (const kind of ['reset', 'truncate', 'malformed', 'stall', 'empty', 'html'] as const) {
      expect(server.faults.add({ kind }).kind).toBe(kind);
    }
    expect(server.faults.add({ kind: 'reset', when: 'mid-body' }).when).toBe('mid-body');
    expect(server.faults.add({ kind: 'html', status: 503, retryAfter: 2 }).status).toBe(503);
    expect(server.faults.list()).toHaveLength(8);
  });
});
