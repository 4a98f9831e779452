// A take's audio in the account, between two devices of one account, against the real embedded
// server: sent only when the player keeps it there, played on the other device, removed from the
// account when the player takes it back or deletes the take.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFetch } from '../../server/cookie-fetch.ts';
import { startSyncServer, type SyncServer } from '../../server/sync-server.ts';
import { createCouchClient, type LiveRemoteDb } from '../storage/sync/couch-client';
import { createSyncEngine, type SyncEngine } from '../storage/sync/sync-engine';
import { memoryShadowStore } from '../storage/sync/shadow-store';
import { takeAudioTransfer } from './take-audio-sync';
import type { Take } from './take-format';
import { createTakeStore, type TakeStore } from './take-store';
import { takesSyncSource } from './takes-sync';

let server: SyncServer;
beforeAll(async () => {
  server = await startSyncServer({ inMemory: true });
});
afterAll(async () => {
  await server.close();
});

interface Device {
  store: TakeStore;
  remote: LiveRemoteDb;
  /** One cycle as the sync service runs it: the engine, then the files. */
  sync(): Promise<{ refused: readonly { id: string; reason: string }[] }>;
  keepAll: { value: boolean };
}

async function account(name: string): Promise<() => Promise<Device>> {
  const first = createCouchClient(server.url, cookieFetch());
  await first.signUp(name, 'correct horse');
  await first.signIn(name, 'correct horse');
  await first.waitForUserDb(name, 5000);
  return async () => {
    const client = createCouchClient(server.url, cookieFetch());
    await client.signIn(name, 'correct horse');
    const store = createTakeStore({ indexedDB: new IDBFactory(), IDBKeyRange, storage: null });
    const remote = client.userDb(name);
    const engine: SyncEngine = createSyncEngine({
      adapters: [takesSyncSource(store)],
      shadows: memoryShadowStore(),
      remote,
    });
    const keepAll = { value: false };
    const transfer = takeAudioTransfer(store, {
      keepAll: () => keepAll.value,
      subscribe: () => () => undefined,
    });
    return {
      store,
      remote,
      keepAll,
      async sync() {
        await engine.cycle('all');
        const files = await transfer.run(remote, { full: true });
        // The details the files changed (audioInAccount) go in the same cycle's follow-up.
        await engine.cycle('all');
        return files;
      },
    };
  };
}

const take = (id: string, audioBytes: number): Take => ({
  meta: {
    id,
    name: 'Arban p. 11',
    source: 'tuner',
    startedAtMs: Date.UTC(2026, 11, 1, 18),
    durationMs: 4000,
    bytes: audioBytes,
    mimeType: 'audio/webm;codecs=opus',
    noteCount: 2,
    notesMidi: [58, 60],
    state: 'complete',
  },
  readings: [0, 233.08, 0.93, -18, 233.08, 11.6, 261.63, 0.91, -17, 261.63],
  notes: [{ onsetMs: 0, offsetMs: 900, hz: 233.08 }],
  audio: new Blob([Uint8Array.from({ length: audioBytes }, (_, i) => i % 251)], {
    type: 'audio/webm;codecs=opus',
  }),
});

describe('a take’s audio in the account', { timeout: 60_000 }, () => {
  it('stays on its device until the player keeps it in the account; then the other device plays it', async () => {
    const device = await account('trumpet-a');
    const [a, b] = [await device(), await device()];
    await a.store.add(take('t1', 3000));
    await a.sync();
    await b.sync();
    // The details arrive, the audio does not: nothing was asked.
    expect(await b.store.list()).toMatchObject([{ id: 't1', elsewhere: true }]);
    expect(await a.remote.ids('takeAudio:')).toEqual([]);

    await a.store.setKeepAudio('t1', true);
    await a.sync();
    expect(await a.remote.ids('takeAudio:')).toEqual(['takeAudio:t1']);
    await b.sync();
    const [meta] = await b.store.list();
    expect(meta).toMatchObject({ id: 't1', audioInAccount: true, keepAudio: true });
    expect(meta.elsewhere).toBeFalsy();
    const played = await b.store.load('t1');
    const sent = await a.store.load('t1');
    expect(new Uint8Array(await played.audio.arrayBuffer())).toEqual(
      new Uint8Array(await sent.audio.arrayBuffer()),
    );
    expect(played.readings).toEqual(sent.readings);
    expect(played.notes).toEqual(sent.notes);
  });

  it('the preference sends every take; a take kept here only is not sent, and is taken back', async () => {
    const device = await account('trumpet-b');
    const [a, b] = [await device(), await device()];
    a.keepAll.value = true;
    await a.store.add(take('t1', 2000));
    await a.store.add(take('t2', 2000));
    await a.store.setKeepAudio('t2', false);
    await a.sync();
    expect(await a.remote.ids('takeAudio:')).toEqual(['takeAudio:t1']);
    await b.sync();
    // The other device takes t1 back out of the account: its own copy and the recording's stay.
    await b.store.setKeepAudio('t1', false);
    await b.sync();
    expect(await a.remote.ids('takeAudio:')).toEqual([]);
    await a.sync();
    expect((await a.store.list()).find((m) => m.id === 't1')).toMatchObject({
      keepAudio: false,
      audioInAccount: false,
    });
    expect((await a.store.load('t1')).audio.size).toBe(2000);
    expect((await b.store.load('t1')).audio.size).toBe(2000);
  });

  it('deleting a take whose audio is in the account removes it everywhere, audio included', async () => {
    const device = await account('trumpet-c');
    const [a, b] = [await device(), await device()];
    await a.store.add(take('t1', 1000));
    await a.store.setKeepAudio('t1', true);
    await a.sync();
    await b.sync();
    await b.store.remove('t1');
    await b.sync();
    expect(await b.remote.ids('takeAudio:')).toEqual([]);
    await a.sync();
    expect(await a.store.list()).toEqual([]);
  });

  it('a take over the account’s limit stays on its device, and says why', async () => {
    const device = await account('trumpet-d');
    const a = await device();
    await a.store.add(take('big', 33 * 1024 * 1024));
    await a.store.setKeepAudio('big', true);
    const { refused } = await a.sync();
    expect(refused).toEqual([
      {
        id: 'takeAudio:big',
        reason: expect.stringMatching(
          /^“Arban p\. 11” is 34\.6 MB with its trace; the account keeps takes up to 33\.6 MB, so its audio stays on this device\.$/,
        ),
      },
    ]);
    expect(await a.remote.ids('takeAudio:')).toEqual([]);
    expect((await a.store.list())[0].audioInAccount).toBeFalsy();
  });
});
