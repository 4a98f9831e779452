import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { TakeMeta } from './take-format';
import { createTakeStore } from './take-store';
import { resolveTakes, syncedTakeMeta, takesSyncSource } from './takes-sync';

const meta: TakeMeta = {
  id: 't1',
  name: 'Take 1',
  source: 'tuner',
  startedAtMs: 1_800_000_000_000,
  durationMs: 5000,
  bytes: 40_000,
  mimeType: 'audio/webm',
  noteCount: 2,
  notesMidi: [69, 71],
  state: 'complete',
};

describe('takes as the account syncs them', () => {
  it("lists another device's take as recorded there, and only its name changes ours", async () => {
    const store = createTakeStore({ indexedDB: new IDBFactory(), IDBKeyRange, storage: null });
    const source = takesSyncSource(store);
    await source.put([{ key: 't1', updatedAtMs: 1, data: meta }]);
    expect(await store.list()).toEqual([{ ...meta, elsewhere: true }]);
    // What this device sends of it is the same as what came: nothing to send back.
    expect((await source.list())[0].data).toEqual(meta);
    await store.put({ ...meta, id: 'mine', elsewhere: undefined });
    await source.put([
      { key: 'mine', updatedAtMs: 2, data: { ...meta, id: 'mine', name: 'Renamed', bytes: 1 } },
    ]);
    const mine = (await store.list()).find((m) => m.id === 'mine');
    expect(mine).toMatchObject({ name: 'Renamed', bytes: 40_000 });
    expect(mine?.elsewhere).toBeUndefined();
  });

  it('keeps a take whose audio is here when another device deletes it; drops one recorded elsewhere', async () => {
    const store = createTakeStore({ indexedDB: new IDBFactory(), IDBKeyRange, storage: null });
    const source = takesSyncSource(store);
    await store.put({ ...meta, id: 'mine' });
    await source.put([{ key: 't1', updatedAtMs: 1, data: meta }]);
    await source.remove(['mine', 't1']);
    expect((await store.list()).map((m) => m.id)).toEqual(['mine']);
  });

  it('leaves out a take still recording, and what is not a take', async () => {
    const store = createTakeStore({ indexedDB: new IDBFactory(), IDBKeyRange, storage: null });
    await store.put({ ...meta, state: 'recording' });
    expect(await takesSyncSource(store).list()).toEqual([]);
    expect(syncedTakeMeta({ ...meta, durationMs: 'long' }, 't1')).toBeNull();
    expect(syncedTakeMeta(meta, 'another id')).toBeNull();
    expect(syncedTakeMeta(meta, 't1')).toEqual(meta);
  });

  it('two devices edit one take apart: the rename and the audio choice are both kept', () => {
    // The laptop renamed it at 10:00 offline; the phone sent its audio at 10:05.
    const renamed = { ...meta, name: 'Clarke 2, slow', renamedAtMs: 1_800_000_600_000 };
    const sent = {
      ...meta,
      keepAudio: true,
      audioInAccount: true,
      editedAtMs: 1_800_000_900_000,
    };
    const record = (data: TakeMeta) => ({
      key: 't1',
      updatedAtMs: Math.max(data.renamedAtMs ?? 0, data.editedAtMs ?? 0),
      data,
    });
    for (const [local, remote] of [
      [renamed, sent],
      [sent, renamed],
    ]) {
      const { keep, copies } = resolveTakes(record(local), record(remote));
      expect(keep.data).toEqual({
        ...sent,
        name: 'Clarke 2, slow',
        renamedAtMs: 1_800_000_600_000,
      });
      expect(keep.updatedAtMs).toBe(1_800_000_900_000);
      expect(copies).toBeUndefined();
    }
  });
});
