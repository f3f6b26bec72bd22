import { describe, expect, it } from 'vitest';
import { MeteringLedger } from '../src/apis/metering/ledger';
import { createClock } from '../src/clock';

const event = (identifier?: string) => ({
  event_name: 'api_call',
  payload: { value: '1' },
  ...(identifier ? { identifier } : {}),
});

describe('metering ledger', () => {
  it('validates and counts on a task of the server clock, not while receiving', async () => {
    const clock = createClock({ start: '2026-06-01T00:00:00Z', frozen: true });
    const ledger = new MeteringLedger(clock);
    ledger.receive([event('a'), event()], false);
    expect(ledger.counted().total).toBe(0);
    expect(ledger.pending).toBe(2);
    await clock.settle();
    expect(ledger.counted().total).toBe(2);
    expect(ledger.pending).toBe(0);
  });

  it('forgets identifiers 24 hours after they were counted, so memory stays bounded', async () => {
    const clock = createClock({ start: '2026-06-01T00:00:00Z', frozen: true });
    const ledger = new MeteringLedger(clock);
    ledger.receive(
      Array.from({ length: 50 }, (_, i) => event(`old_${i}`)),
      false,
    );
    await clock.settle();
    await clock.advance('12h');
    ledger.receive([event('recent')], false);
    await clock.settle();
    expect(ledger.identifiersTracked).toBe(51);
    await clock.advance('12h');
    ledger.receive([event('new')], false);
    await clock.settle();
    expect(ledger.identifiersTracked).toBe(2);
    expect(ledger.lookup('old_0')).toBeUndefined();
    expect(ledger.lookup('recent')?.identifier).toBe('recent');
  });

  it('still processes what it received after the clock was moved back, and after a clear', async () => {
    const clock = createClock({ start: '2026-06-01T00:00:00Z', frozen: true });
    const ledger = new MeteringLedger(clock);
    await clock.advance('1h');
    ledger.receive([event()], false);
    ledger.clear();
    await clock.set('2026-06-01T00:00:00Z');
    ledger.receive([event(), event()], false);
    await clock.settle();
    expect(ledger.counted().total).toBe(2);
  });
});
