import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { sampleAttempt } from './fixtures.test-data';
import { createHistoryStore } from './history-db';
import { attemptSavedAtMs, historySyncSource, resolveAttempts } from './history-sync';
import { attemptKey } from './records';

const record = (data: object) => ({
  key: 'k',
  updatedAtMs: attemptSavedAtMs(data as typeof sampleAttempt),
  data,
});

describe('the history as the account syncs it', () => {
  it('the rule: a finished attempt wins over its partial draft; else the one that ran longer', () => {
    const draft = record({ ...sampleAttempt, durationS: 200, partial: 'hidden' });
    const done = record({ ...sampleAttempt, durationS: 95 });
    expect(resolveAttempts(draft, done).keep).toBe(done);
    expect(resolveAttempts(done, draft).keep).toBe(done);
    const longer = record({ ...sampleAttempt, durationS: 120 });
    expect(resolveAttempts(done, longer).keep).toBe(longer);
  });

  it('stores what arrives with its aggregates, and leaves out what is not an attempt', async () => {
    const store = createHistoryStore({ indexedDB: new IDBFactory(), IDBKeyRange });
    const source = historySyncSource(store);
    const told: unknown[] = [];
    source.subscribe((keys) => told.push(keys));
    await source.put([
      { key: attemptKey(sampleAttempt), updatedAtMs: 1, data: sampleAttempt },
      { key: 'x|scales', updatedAtMs: 1, data: { score: 'high' } },
      {
        key: 'wrong key',
        updatedAtMs: 1,
        data: { ...sampleAttempt, startedAt: '2026-11-21T08:00:00.000Z' },
      },
    ]);
    expect((await store.all()).map((a) => a.startedAt)).toEqual([sampleAttempt.startedAt]);
    expect((await store.summary()).count).toBe(1);
    expect(await source.get([attemptKey(sampleAttempt)])).toEqual([
      {
        key: attemptKey(sampleAttempt),
        updatedAtMs: attemptSavedAtMs(sampleAttempt),
        data: sampleAttempt,
      },
    ]);
    await source.remove([attemptKey(sampleAttempt)]);
    expect(await store.all()).toEqual([]);
    expect((await store.summary()).count).toBe(0);
    expect(told).toEqual([[attemptKey(sampleAttempt)], [attemptKey(sampleAttempt)]]);
  });
});
