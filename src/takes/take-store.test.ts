import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TakeMeta } from './take-format';
import { createTakeStore, type TakeChunk } from './take-store';

const meta = (id: string, name: string, extra: Partial<TakeMeta> = {}): TakeMeta => ({
  id,
  name,
  source: 'tuner',
  startedAtMs: Date.UTC(2026, 10, 22, 12),
  durationMs: 1000,
  bytes: 3,
  mimeType: 'audio/webm;codecs=opus',
  noteCount: 0,
  notesMidi: [],
  state: 'complete',
  ...extra,
});
const chunk = (takeId: string, seq: number, bytes: number): TakeChunk => ({
  takeId,
  seq,
  audio: new Blob([new Uint8Array(bytes)]),
  readings: [seq * 1000, 440, 0.9, -20, 440],
  notes: [],
});

/** Two stores on one IndexedDB: the second is the app after a reload. */
function twoOpenings() {
  const indexedDB = new IDBFactory();
  const open = () => createTakeStore({ name: 'takes-test', indexedDB, IDBKeyRange, storage: null });
  return { first: open(), reopened: open };
}

describe('take store: rename', () => {
  it('keeps the new name after a reload, trimmed, and tells lists to reload', async () => {
    const { first, reopened } = twoOpenings();
    await first.put(meta('a', 'Tuner 22 Nov 12:00'));
    await first.put(meta('b', 'Other', { startedAtMs: 1 }));
    const before = first.version.get();
    await first.rename('a', '  Long tones, good day  ');
    expect(first.version.get()).toBeGreaterThan(before);
    const names = (await reopened().list()).map((m) => [m.id, m.name]);
    expect(names).toEqual([
      ['a', 'Long tones, good day'],
      ['b', 'Other'], // untouched
    ]);
  });

  it('cuts a name at 200 characters', async () => {
    const { first } = twoOpenings();
    await first.put(meta('a', 'x'));
    await first.rename('a', 'n'.repeat(250));
    expect((await first.list())[0].name).toBe('n'.repeat(200));
  });

  it('refuses an empty name and a take that no longer exists, changing nothing', async () => {
    const { first } = twoOpenings();
    await first.put(meta('a', 'Kept'));
    await expect(first.rename('a', '   ')).rejects.toThrow('A take needs a name.');
    await expect(first.rename('gone', 'New')).rejects.toThrow('This take no longer exists.');
    expect((await first.list()).map((m) => m.name)).toEqual(['Kept']);
  });

  it('a take renamed while it records keeps its new name through the recorder’s writes', async () => {
    const { first, reopened } = twoOpenings();
    // What the recorder does: the probe row, then a chunk a second with its own copy of the meta.
    const recording = meta('a', 'Tuner 22 Nov 12:00', { state: 'recording', bytes: 0 });
    await first.put(recording);
    await first.appendChunk(chunk('a', 0, 10), { ...recording, bytes: 10 });
    await first.rename('a', 'Renamed mid-take');
    await first.appendChunk(chunk('a', 1, 10), { ...recording, bytes: 20 });
    await first.put({ ...recording, bytes: 20, state: 'complete' });
    const [row] = await reopened().list();
    expect(row).toMatchObject({ name: 'Renamed mid-take', bytes: 20, state: 'complete' });
  });
});

describe('take store: delete', () => {
  it('removes the take’s row and every chunk of it, and only of it', async () => {
    const { first, reopened } = twoOpenings();
    await first.appendChunk(chunk('a', 0, 100), meta('a', 'A', { bytes: 100 }));
    await first.appendChunk(chunk('a', 1, 100), meta('a', 'A', { bytes: 200 }));
    await first.appendChunk(chunk('b', 0, 50), meta('b', 'B', { bytes: 50, startedAtMs: 1 }));
    await first.remove('a');
    const after = reopened();
    expect((await after.list()).map((m) => m.id)).toEqual(['b']);
    await expect(after.load('a')).rejects.toThrow('This take no longer exists.');
    expect((await after.load('b')).audio.size).toBe(50);
    await after.removeAll();
    expect(await after.list()).toEqual([]);
  });
});

describe('take store: storage estimate', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads navigator.storage.estimate() by default', async () => {
    vi.stubGlobal('navigator', {
      storage: { estimate: () => Promise.resolve({ usage: 850e6, quota: 1e9 }) },
    });
    const store = createTakeStore({ indexedDB: new IDBFactory(), IDBKeyRange });
    await expect(store.estimate()).resolves.toEqual({ usageBytes: 850e6, quotaBytes: 1e9 });
  });

  it('is null when the browser does not say (no API, a failure, missing figures)', async () => {
    vi.stubGlobal('navigator', {});
    expect(await createTakeStore({ indexedDB: new IDBFactory() }).estimate()).toBeNull();
    const failing = { estimate: () => Promise.reject(new Error('SecurityError')) };
    expect(await createTakeStore({ storage: failing }).estimate()).toBeNull();
    const partial = { estimate: () => Promise.resolve({ quota: 1e9 }) };
    expect(await createTakeStore({ storage: partial }).estimate()).toBeNull();
  });
});

describe('take store: Delete while a take records', () => {
  it('the recorder’s later writes do not bring the deleted take back in pieces', async () => {
    const { first, reopened } = twoOpenings();
    const recording = meta('a', 'A', { state: 'recording' });
    await first.put(recording);
    await first.appendChunk(chunk('a', 0, 100), recording);
    await first.remove('a');
    await expect(first.appendChunk(chunk('a', 1, 100), recording)).rejects.toThrow(
      'This take was deleted while it was recording.',
    );
    await expect(first.put({ ...recording, state: 'complete' })).rejects.toThrow('deleted');
    await expect(first.replaceAudio('a', 0, new Blob([]))).rejects.toThrow('deleted');
    expect(await reopened().list()).toEqual([]);
  });

  it('nor after Delete all, even for a write queued behind it', async () => {
    const { first, reopened } = twoOpenings();
    const recording = meta('a', 'A', { state: 'recording' });
    await first.appendChunk(chunk('a', 0, 100), recording);
    const clearing = first.removeAll();
    const late = first.appendChunk(chunk('a', 1, 100), recording);
    await clearing;
    await expect(late).rejects.toThrow('deleted');
    expect(await reopened().list()).toEqual([]);
  });
});

describe('take store: where IndexedDB refuses Blobs (WebKit private sessions, issue 26)', () => {
  it('keeps the audio as bytes: the take plays back whole after a reload', async () => {
    const { IDBObjectStore } = await import('fake-indexeddb');
    const put = IDBObjectStore.prototype.put;
    const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      if ((value as { audio?: unknown } | null)?.audio instanceof Blob) {
        throw new DOMException('Blobs are not stored in this session', 'DataCloneError');
      }
      return put.call(this, value, key);
    });
    try {
      const { first, reopened } = twoOpenings();
      await first.put(meta('a', 'Tuner', { bytes: 0 }));
      await first.appendChunk(chunk('a', 0, 3), meta('a', 'Tuner'));
      await first.appendChunk(chunk('a', 1, 4), meta('a', 'Tuner', { bytes: 7 }));
      const take = await reopened().load('a');
      expect(take.audio.size).toBe(7);
      expect(take.audio.type).toBe('audio/webm;codecs=opus');
      expect(take.readings).toEqual([0, 440, 0.9, -20, 440, 1000, 440, 0.9, -20, 440]);
    } finally {
      spy.mockRestore();
    }
  });

  it('a write that fails with bytes too keeps its own error (full storage is still reported)', async () => {
    const { IDBObjectStore } = await import('fake-indexeddb');
    const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      const store = twoOpenings().first;
      await expect(store.appendChunk(chunk('a', 0, 3), meta('a', 'Tuner'))).rejects.toSatisfy(
        (error: { name?: string; inner?: { name?: string } }) =>
          (error.inner?.name ?? error.name) === 'QuotaExceededError',
      );
    } finally {
      spy.mockRestore();
    }
  });
});
