/** The value below which `fraction` of the sorted samples fall. */
export function percentile(samples: number[], fraction: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

export const median = (samples: number[]) => percentile(samples, 0.5);

/** Milliseconds since an arbitrary point, with sub-microsecond resolution. */
export const nowMs = () => performance.now();

/** CPU time (user + system) of this process, in milliseconds. */
export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

export const formatMs = (ms: number) => (ms >= 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(3)} ms`);
export const formatRatio = (ratio: number) => `${ratio.toFixed(2)}x`;
