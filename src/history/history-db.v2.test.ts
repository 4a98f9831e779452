import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { sampleAttempt } from './fixtures.test-data';
import { BUSY_MESSAGE, createHistoryStore } from './history-db';
import { parseExport, toExport } from './records';

const later = (minutes: number) => ({
  ...sampleAttempt,
  startedAt: new Date(Date.parse(sampleAttempt.startedAt) + minutes * 60_000).toISOString(),
});

describe('history store: saved as it happens, deduped, with aggregates', () => {
  it('an attempt saved several times (draft, then complete) is stored once', async () => {
    const store = createHistoryStore({ indexedDB: new IDBFactory(), IDBKeyRange });
    await store.add({ ...sampleAttempt, partial: 'interrupted', notes: [] });
    await store.add({ ...sampleAttempt, partial: 'interrupted' });
    await store.add(sampleAttempt);
    const all = await store.all();
    expect(all).toHaveLength(1);
    expect(all[0].partial).toBeUndefined();
    const summary = await store.summary();
    expect(summary).toMatchObject({ count: 1, partialCount: 0 });
  });

  it('a partial attempt can be discarded, and the aggregates follow', async () => {
    const store = createHistoryStore({ indexedDB: new IDBFactory(), IDBKeyRange });
    await store.add(later(1));
    await store.add({ ...sampleAttempt, partial: 'mic-lost' });
    expect((await store.summary()).partialCount).toBe(1);
    expect(await store.remove(sampleAttempt)).toBe(true);
    expect((await store.all()).map((a) => a.startedAt)).toEqual([later(1).startedAt]);
    expect(await store.summary()).toMatchObject({ count: 1, partialCount: 0 });
  });

  it('an import with the same attempt three times stores it once', async () => {
    const store = createHistoryStore({ indexedDB: new IDBFactory(), IDBKeyRange });
    const text = JSON.stringify(toExport([sampleAttempt, sampleAttempt, sampleAttempt, later(5)]));
    const parsed = parseExport(text);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(await store.importAttempts(parsed.value)).toBe(2);
    expect(await store.importAttempts(parsed.value)).toBe(0);
    expect(await store.all()).toHaveLength(2);
    expect((await store.summary()).count).toBe(2);
  });

  it('pages newest first without reading everything', async () => {
    const store = createHistoryStore({ indexedDB: new IDBFactory(), IDBKeyRange });
    await store.importAttempts(Array.from({ length: 120 }, (_, i) => later(i)));
    const first = await store.page(0, 50);
    expect(first).toHaveLength(50);
    expect(first[0].startedAt).toBe(later(119).startedAt);
    expect((await store.page(100, 50)).map((a) => a.startedAt).at(-1)).toBe(later(0).startedAt);
    expect((await store.recent(3)).map((a) => a.startedAt)).toEqual(
      [117, 118, 119].map((i) => later(i).startedAt),
    );
  });

  it('upgrades a version-1 database: keys added, repeated attempts dropped, aggregates built', async () => {
    const indexedDB = new IDBFactory();
    const old = new Dexie('embouchure-history', { indexedDB, IDBKeyRange });
    old.version(1).stores({ attempts: '++id, startedAt, exercise' });
    await old.table('attempts').bulkAdd([sampleAttempt, sampleAttempt, sampleAttempt, later(1)]);
    old.close();
    const store = createHistoryStore({ indexedDB, IDBKeyRange });
    expect(await store.all()).toHaveLength(2);
    expect((await store.summary()).count).toBe(2);
  });

  it('a database held by another tab: every wait ends with "busy in another tab", then recovers', async () => {
    const indexedDB = new IDBFactory();
    // Another tab has version 1 open and never lets go (no versionchange handler closing it).
    const other = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('embouchure-history', 10);
      request.onupgradeneeded = () => {
        // What version 1 of the app created (Dexie: ++id, startedAt, exercise).
        const attempts = request.result.createObjectStore('attempts', {
          keyPath: 'id',
          autoIncrement: true,
        });
        attempts.createIndex('startedAt', 'startedAt');
        attempts.createIndex('exercise', 'exercise');
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    const store = createHistoryStore({ indexedDB, IDBKeyRange, deadlineMs: 200 });
    await expect(store.summary()).rejects.toThrow(/did not answer/);
    expect(store.status.get()).toEqual({ state: 'busy', message: BUSY_MESSAGE });
    expect(await store.add(sampleAttempt)).toBe(false);
    expect(store.status.get()).toEqual({ state: 'busy', message: BUSY_MESSAGE });
    // The other tab closes: the pending open completes and the store is ready again.
    other.close();
    await expect.poll(() => store.status.get().state).toBe('ready');
    expect(await store.add(sampleAttempt)).toBe(true);
  });
});
