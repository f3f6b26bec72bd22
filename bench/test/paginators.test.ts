import { describe, expect, it } from 'vitest';
import { benchPaginators } from '../src/paginators';

describe('paginator bench', () => {
  // Six readers of 50,000 records in all, against a real server: minutes on a loaded machine.
  it('reads every record through each paginator and through the bare-ky loop', {
    timeout: 300_000,
  }, async () => {
    // benchPaginators throws when either reader reads another number of records than asked.
    // A short warm-up: the test checks what is read, not how fast.
    const results = await benchPaginators(2_500, 100, 200);
    expect(results.map((r) => r.style)).toEqual(['checkpoint', 'offset', 'cursor']);
    for (const result of results) {
      expect(result.records).toBe(2_500);
      expect(result.itemsPerSec).toBeGreaterThan(0);
      expect(result.rawItemsPerSec).toBeGreaterThan(0);
      expect(result.ratio).toBeCloseTo(result.itemsPerSec / result.rawItemsPerSec);
      expect(Number.isFinite(result.peakRssGrowthMb)).toBe(true);
      expect(Number.isFinite(result.rawPeakRssGrowthMb)).toBe(true);
      // 2,500 records are 25 pages, read 20 times over: the live heap is sampled twice.
      expect(result.liveHeapGrowthMb).toBeGreaterThanOrEqual(0);
      expect(result.rawLiveHeapGrowthMb).toBeGreaterThanOrEqual(0);
    }
  });
});
