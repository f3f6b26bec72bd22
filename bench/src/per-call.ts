import { formatMs, formatRatio, median, nowMs, percentile } from './stats';

/** One operation, done by the SDK and by hand-written fetch, which must send the same request. */
export interface CallCase {
  name: string;
  sdk: () => Promise<unknown>;
  raw: () => Promise<unknown>;
}

export interface CallResult {
  name: string;
  sdk: { median: number; p99: number };
  raw: { median: number; p99: number };
  medianRatio: number;
  p99Ratio: number;
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = nowMs();
  await run();
  return nowMs() - started;
}

/**
 * Latency of each case through the SDK and through raw fetch. The two alternate call by call (and
 * swap who goes first every call), so drift in the machine or the server affects both alike.
 */
export async function measurePerCall(
  cases: CallCase[],
  iterations: number,
  warmup: number,
): Promise<CallResult[]> {
  const results: CallResult[] = [];
  for (const { name, sdk, raw } of cases) {
    for (let i = 0; i < warmup; i++) {
      await sdk();
      await raw();
    }
    const sdkTimes: number[] = [];
    const rawTimes: number[] = [];
    for (let i = 0; i < iterations; i++) {
      if (i % 2 === 0) {
        sdkTimes.push(await time(sdk));
        rawTimes.push(await time(raw));
      } else {
        rawTimes.push(await time(raw));
        sdkTimes.push(await time(sdk));
      }
    }
    const summary = (times: number[]) => ({ median: median(times), p99: percentile(times, 0.99) });
    const s = summary(sdkTimes);
    const r = summary(rawTimes);
    results.push({
      name,
      sdk: s,
      raw: r,
      medianRatio: s.median / r.median,
      p99Ratio: s.p99 / r.p99,
    });
  }
  return results;
}

export function perCallRows(results: CallResult[]): string[][] {
  return results.map((result) => [
    result.name,
    `${formatMs(result.sdk.median)} / ${formatMs(result.sdk.p99)}`,
    `${formatMs(result.raw.median)} / ${formatMs(result.raw.p99)}`,
    `${formatRatio(result.medianRatio)} median, ${formatRatio(result.p99Ratio)} p99`,
  ]);
}
