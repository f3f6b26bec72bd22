import { describe, expect, it } from 'vitest';
import { within } from '../../../test-support/within';
import { type CoordinationStore, inMemoryStore, resilientStore } from './core';

type Failure = 'rejects' | 'hangs' | undefined;

/** A store whose failures the test chooses, counting the operations that reached it. */
function unreliableStore() {
  const store = inMemoryStore();
  const state = { failure: undefined as Failure, reached: 0 };
  const guarded =
    <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      state.reached += 1;
      if (state.failure === 'rejects') {
        return Promise.reject(
          new Error('connect ECONNREFUSED for redis://app:hunter2@10.0.0.7:6379'),
        );
      }
      if (state.failure === 'hangs') return new Promise(() => {});
      return operation(...args);
    };
  const shared: CoordinationStore = {
    get: guarded(store.get),
    set: guarded(store.set),
    setIfAbsent: guarded(store.setIfAbsent),
    deleteIf: guarded(store.deleteIf),
    pause: guarded(store.pause),
    pausedFor: guarded(store.pausedFor),
    acquireSlot: guarded(store.acquireSlot),
    releaseSlot: guarded(store.releaseSlot),
    reserveStart: guarded(store.reserveStart),
  };
  return { store, state, shared };
}

function logged() {
  const warnings: string[] = [];
  const infos: string[] = [];
  return {
    warnings,
    infos,
    warn: (message: string) => warnings.push(message),
    info: (message: string) => infos.push(message),
  };
}

describe('resilientStore', () => {
  it('runs operations on the shared store while it answers', async () => {
    const { store, shared } = unreliableStore();
    const log = logged();
    const coordination = resilientStore(shared).via(log);
    await coordination.set('{a}:value', 'shared', 60_000);
    expect(await store.get('{a}:value')).toBe('shared');
    expect(log.warnings).toEqual([]);
  });

  it('runs an operation the shared store rejects on the process own coordination', async () => {
    const { store, state, shared } = unreliableStore();
    const coordination = resilientStore(shared).via(logged());
    state.failure = 'rejects';
    await coordination.set('{a}:value', 'local', 60_000);
    expect(await coordination.get('{a}:value')).toBe('local');
    expect(await coordination.setIfAbsent('{a}:lease', 'me', 60_000)).toBe(true);
    expect(await store.get('{a}:value')).toBeUndefined();
  });

  it('warns once per outage however many operations fail, naming no credential', async () => {
    const { state, shared } = unreliableStore();
    const log = logged();
    const coordination = resilientStore(shared).via(log);
    state.failure = 'rejects';
    for (let call = 0; call < 20; call += 1) await coordination.pausedFor('{a}:pause');
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toContain('ECONNREFUSED');
    expect(log.warnings[0]).not.toContain('hunter2');
  });

  it('falls back once an operation has waited deadlineMs for a store that does not answer', async () => {
    const { state, shared } = unreliableStore();
    const log = logged();
    const coordination = resilientStore(shared, { deadlineMs: 50 }).via(log);
    state.failure = 'hangs';
    const startedAt = performance.now();
    const waited = await within(
      5_000,
      'the operation fell back',
      coordination.pausedFor('{a}:pause'),
    );
    expect(waited).toBe(0);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(49);
    expect(log.warnings[0]).toContain('no answer within 50 ms');
  });

  it('skips the failing store until retryAfterMs has passed, then one operation tries it again', async () => {
    const { state, shared } = unreliableStore();
    let now = 0;
    const coordination = resilientStore(shared, { retryAfterMs: 1_000, now: () => now }).via(
      logged(),
    );
    state.failure = 'rejects';
    await coordination.get('{a}:value');
    expect(state.reached).toBe(1);
    now += 999;
    await coordination.get('{a}:value');
    await coordination.get('{a}:value');
    expect(state.reached).toBe(1);
    now += 1;
    await coordination.get('{a}:value');
    expect(state.reached).toBe(2);
    await coordination.get('{a}:value');
    expect(state.reached).toBe(2);
  });

  it('goes back to the store when it answers again, says so, and warns again at the next outage', async () => {
    const { store, state, shared } = unreliableStore();
    const log = logged();
    let now = 0;
    const coordination = resilientStore(shared, { now: () => now }).via(log);
    state.failure = 'rejects';
    await coordination.pause('{a}:pause', 60_000);
    state.failure = undefined;
    now += 1_000;
    await coordination.pause('{b}:pause', 60_000);
    expect(await store.pausedFor('{b}:pause')).toBeGreaterThan(0);
    expect(log.infos).toHaveLength(1);
    state.failure = 'rejects';
    await coordination.get('{a}:value');
    expect(log.warnings).toHaveLength(2);
  });

  it('gives back on its own coordination too what was taken there during an outage', async () => {
    const { state, shared } = unreliableStore();
    const fallback = inMemoryStore();
    let now = 0;
    const coordination = resilientStore(shared, { fallback, now: () => now }).via(logged());
    state.failure = 'rejects';
    expect(await coordination.setIfAbsent('{a}:lease', 'me', 60_000)).toBe(true);
    expect(await coordination.acquireSlot('{a}:slots', 'me', 1, 60_000)).toBe(true);
    state.failure = undefined;
    now += 1_000;
    await coordination.deleteIf('{a}:lease', 'me');
    await coordination.releaseSlot('{a}:slots', 'me');
    expect(await fallback.get('{a}:lease')).toBeUndefined();
    expect(await fallback.acquireSlot('{a}:slots', 'other', 1, 60_000)).toBe(true);
  });

  it('warns through the log of the client whose operation met the outage, once for the process', async () => {
    const { state, shared } = unreliableStore();
    const resilient = resilientStore(shared);
    const [first, second] = [logged(), logged()];
    state.failure = 'rejects';
    await resilient.via(first).pausedFor('{a}:pause');
    await resilient.via(second).pausedFor('{a}:pause');
    expect(first.warnings).toHaveLength(1);
    expect(second.warnings).toEqual([]);
    expect(resilient.via(first)).toBe(resilient.via(first));
  });
});
