import { describe, expect, it } from 'vitest';
import { processCpuMs } from '../src/process-cpu';
import { cpuMs } from '../src/stats';

describe.runIf(process.platform === 'linux')('CPU of another process, from /proc', () => {
  it('reads what a process has used so far, growing as it works', () => {
    const before = processCpuMs(process.pid)!;
    const started = cpuMs();
    let spin = 0;
    while (cpuMs() - started < 200) spin += 1;
    const after = processCpuMs(process.pid)!;
    expect(spin).toBeGreaterThan(0);
    // Clock ticks of 10 ms, and the test's own threads: the reading moves by at least most of it.
    expect(after - before).toBeGreaterThanOrEqual(100);
  });

  it('is undefined for a process that is not there', () => {
    expect(processCpuMs(2 ** 30)).toBeUndefined();
  });
});
