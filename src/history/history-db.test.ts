import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createHistoryStore, describeStorageError } from './history-db';
import { sampleAttempt } from './fixtures.test-data';

describe('history store (IndexedDB through Dexie)', () => {
  it('keeps attempts across store instances (a reload) and imports only new ones', async () => {
    const indexedDB = new IDBFactory();
    const first = createHistoryStore({ indexedDB, IDBKeyRange });
    expect(await first.add(sampleAttempt)).toBe(true);
    const reopened = createHistoryStore({ indexedDB, IDBKeyRange });
    const all = await reopened.all();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ exercise: 'long-tones', score: 82 });
    const later = { ...sampleAttempt, startedAt: '2026-11-21T08:00:00.000Z' };
    expect(await reopened.importAttempts([sampleAttempt, later])).toBe(1);
    expect((await reopened.all()).map((a) => a.startedAt)).toEqual([
      sampleAttempt.startedAt,
      later.startedAt,
    ]);
  });

  it('without IndexedDB: a clear message, saving resolves false instead of throwing', async () => {
    const store = createHistoryStore({ indexedDB: undefined });
    // Node has no global indexedDB, so this is the "private mode / blocked" path.
    expect(store.status.get()).toMatchObject({ state: 'unavailable' });
    expect(await store.add(sampleAttempt)).toBe(false);
    await expect(store.all()).rejects.toThrow();
    expect(await store.recent(10)).toEqual([]);
  });
});

describe('clear all, and undo by importing what was cleared', () => {
  it('clear() empties the attempts and the aggregates; importing them back restores both', async () => {
    const store = createHistoryStore({ indexedDB: new IDBFactory(), IDBKeyRange });
    const second = { ...sampleAttempt, startedAt: '2026-11-21T08:00:00.000Z', score: 40 };
    await store.add(sampleAttempt);
    await store.add(second);
    const before = await store.summary();
    const kept = await store.all();
    const version = store.version.get();
    expect(await store.clear()).toBe(true);
    expect(store.version.get()).toBeGreaterThan(version);
    expect(await store.all()).toEqual([]);
    const cleared = await store.summary();
    expect(cleared.count).toBe(0);
    expect(cleared.minutesByDay).toEqual({});
    expect(await store.importAttempts(kept)).toBe(2);
    expect(await store.summary()).toEqual(before);
  });
});

describe('storage failure messages', () => {
  it('a full disk says the attempt was not saved and practice still works', () => {
    const quota = new DOMException('Quota exceeded', 'QuotaExceededError');
    expect(describeStorageError(quota)).toMatchObject({
      state: 'full',
      message: expect.stringMatching(/Storage is full.*not saved.*Practice still works/),
    });
    // Dexie wraps the browser's error and keeps it as `inner`.
    const wrapped = Object.assign(new Error('AbortError'), { name: 'AbortError', inner: quota });
    expect(describeStorageError(wrapped).state).toBe('full');
  });

  it('anything else reads as unavailable (private mode)', () => {
    const status = describeStorageError(new DOMException('insecure', 'SecurityError'));
    expect(status).toMatchObject({ state: 'unavailable' });
  });
});
