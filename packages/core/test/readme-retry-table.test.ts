/**
 * The retry table of the README says what the policy does: each row is read and checked against
 * the policy's constants and decisions, so the table cannot drift from the code.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestedWaitMs } from '../src/response/requested-wait';
import {
  type AttemptFailure,
  backoffMs,
  mayRepeat,
  retryPolicy,
  retryWaitMs,
  sentNothing,
} from '../src/retry/policy';
import { connectionCause, isLasting } from '../src/transport/connection-cause';
import { DEFAULT_MAX_RETRIES, MAX_RETRY_AFTER_MS, RETRYABLE_STATUSES, retryDelayMs } from './core';
import { undiciFailure } from './scripted';

afterEach(() => vi.restoreAllMocks());

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('## Retries\n'), readme.indexOf('## Request ids\n'));
/** The section's prose with its line breaks as spaces. */
const prose = section.replace(/\s+/g, ' ');

/** The table's rows, each as its four cells: failure, retried on, wait, why. */
const rows = section
  .split('\n')
  .filter(
    (line) => line.startsWith('| ') && !line.startsWith('| failure') && !line.startsWith('|---'),
  )
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );

const row = (starts: string) => {
  const found = rows.find(([failure]) => failure?.startsWith(starts));
  if (!found) throw new Error(`no README row starting with ${starts}`);
  return found as [string, string, string, string];
};
const statusesOf = (cell: string) => [...cell.matchAll(/\b([45]\d\d)\b/g)].map((m) => Number(m[1]));
const codesOf = (cell: string) => [...cell.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]!);

const plain = retryPolicy([], false, 'test');
const keyed = retryPolicy([], true, 'test');
const status = (code: number): AttemptFailure => ({
  kind: 'status',
  status: code,
  headers: new Headers(),
});

describe('the README retry table', () => {
  it('has the eight rows the policy distinguishes, and the answer that did not parse', () => {
    expect(rows).toHaveLength(9);
    expect(rows.every((cells) => cells.length === 4)).toBe(true);
  });

  it('names as retried exactly the statuses RETRYABLE_STATUSES holds', () => {
    const retried = rows
      .filter(([, on]) => on !== 'never')
      .flatMap(([failure]) => statusesOf(failure ?? ''));
    expect(retried.sort()).toEqual([...RETRYABLE_STATUSES].sort());
    for (const never of statusesOf(row('any other status')[0])) {
      expect(RETRYABLE_STATUSES).not.toContain(never);
    }
  });

  it('lists the idempotent methods the policy retries by default', () => {
    const listed = /"Idempotent methods" are ([A-Z, ]+) and ([A-Z]+);/.exec(prose);
    const methods = [...(listed?.[1]?.split(', ') ?? []), listed?.[2]];
    expect(methods.map((method) => method?.toLowerCase()).sort()).toEqual(
      [...plain.methods].sort(),
    );
    expect([...keyed.methods].sort()).toEqual([...plain.methods, 'patch', 'post'].sort());
  });

  it('says 429 is retried on every method, and the other statuses on writes only with keys', () => {
    expect(row('429')[1]).toBe('every method');
    for (const method of ['POST', 'PATCH'] as const) {
      expect(mayRepeat(plain, method, status(429))).toBe(true);
    }
    for (const cells of [row('503'), row('408')]) {
      expect(cells[1]).toBe('idempotent methods; writes only with `Idempotency-Key`');
      for (const code of statusesOf(cells[0])) {
        expect(mayRepeat(plain, 'GET', status(code))).toBe(true);
        expect(mayRepeat(plain, 'POST', status(code))).toBe(false);
        expect(mayRepeat(keyed, 'POST', status(code))).toBe(true);
      }
    }
  });

  it('names exactly the connection codes that count as nothing sent, retried on every method', () => {
    const [failure, on] = row('connection never made');
    expect(on).toBe('every method');
    const named = codesOf(failure);
    const candidates = [
      ...named,
      'ECONNRESET',
      'EPIPE',
      'ETIMEDOUT',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'UND_ERR_SOCKET',
      'UND_ERR_CLOSED',
      'UND_ERR_HEADERS_TIMEOUT',
      'UND_ERR_BODY_TIMEOUT',
    ];
    expect(candidates.filter((code) => sentNothing(undiciFailure(code)))).toEqual(named);
    expect(mayRepeat(plain, 'POST', { kind: 'unsent' })).toBe(true);
    expect(mayRepeat(plain, 'POST', { kind: 'connection' })).toBe(false);
    expect(mayRepeat(plain, 'POST', { kind: 'timeout' })).toBe(false);
  });

  it('says a cause no retry can fix is never retried, on any method, whatever shouldRetry says', async () => {
    const [failure, on] = row('a cause no retry can fix');
    expect(on).toBe('never');
    expect(codesOf(failure)).toEqual(['UND_ERR_HEADERS_OVERFLOW']);
    expect(isLasting(connectionCause(undiciFailure('UND_ERR_HEADERS_OVERFLOW')))).toBe(true);
    expect(isLasting(connectionCause(undiciFailure('CERT_HAS_EXPIRED')))).toBe(true);
    const lasting: AttemptFailure = { kind: 'lasting' };
    const always = retryPolicy([{ shouldRetry: () => true }], true, 'test');
    for (const method of ['GET', 'POST'] as const) {
      expect(mayRepeat(keyed, method, lasting)).toBe(false);
      expect(await retryWaitMs(always, method, lasting, 1, new Error('x'))).toBeUndefined();
    }
  });

  it('says a success answer that is not the promised JSON is never retried', () => {
    const [failure, on] = row('a success answer whose body is not the JSON');
    expect(failure).toContain('`APIResponseParseError`');
    expect(on).toBe('never');
  });

  it('reads the reset headers it names for a 429 only, in its order, epoch seconds from its threshold', () => {
    const wait = row('429')[2];
    const headers = /first reset header present: (.*?) \(epoch seconds/.exec(wait)?.[1];
    const names = [...(headers ?? '').matchAll(/`([A-Za-z-]+)`/g)].map((m) => m[1]!);
    expect(names).toHaveLength(4);
    for (const [index, name] of names.entries()) {
      expect(requestedWaitMs(429, new Headers({ [name]: '12' }))).toBe(12_000);
      expect(requestedWaitMs(503, new Headers({ [name]: '12' }))).toBeUndefined();
      for (const later of names.slice(index + 1)) {
        const both = new Headers({ [later]: '30', [name]: '12' });
        expect(requestedWaitMs(429, both)).toBe(12_000);
      }
    }
    const threshold = Number(/below (\d+)\)/.exec(wait)?.[1]);
    const now = (threshold + 100) * 1000;
    const reset = (seconds: number) => new Headers({ 'x-ratelimit-reset': String(seconds) });
    expect(requestedWaitMs(429, reset(threshold + 130), now)).toBe(30_000);
    expect(requestedWaitMs(429, reset(threshold - 1), now)).toBe((threshold - 1) * 1000);
    expect(requestedWaitMs(429, new Headers({ 'retry-after': '3', [names[0]!]: '9' }))).toBe(3_000);
  });

  it('reads Retry-After for a 503, and nothing for the statuses of the backoff row', async () => {
    expect(row('503')[2]).toMatch(/^`Retry-After`/);
    expect(requestedWaitMs(503, new Headers({ 'retry-after': '7' }))).toBe(7_000);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const headers = new Headers({ 'retry-after': '7', 'x-ratelimit-reset': '7' });
    for (const code of statusesOf(row('408')[0])) {
      const failure: AttemptFailure = { kind: 'status', status: code, headers };
      expect(await retryWaitMs(plain, 'GET', failure, 1, new Error('x'))).toBe(500);
    }
  });

  it('states the backoff, the default limit and the cap the code has', () => {
    expect(prose).toContain('0.5 s before the first retry, doubling to at most 8 s');
    expect([1, 2, 3, 4, 5, 9].map(retryDelayMs)).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(prose).toContain('less up to 25 % jitter');
    vi.spyOn(Math, 'random').mockReturnValue(1);
    expect(backoffMs(plain, 1)).toBe(375);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(backoffMs(plain, 1)).toBe(500);
    expect(prose).toContain('2 retries by default');
    expect(DEFAULT_MAX_RETRIES).toBe(2);
    expect(prose).toContain('`retry.maxRetryAfter` (default 60 s)');
    expect(MAX_RETRY_AFTER_MS).toBe(60_000);
  });
});
