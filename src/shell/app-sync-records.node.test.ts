// The practice records that follow the player, between two devices of one account against the real
// embedded server: each device's minutes and finished routines are added up (never overwritten,
// never counted twice), and the routine's order edited on one device arrives on the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFetch } from '../../server/cookie-fetch.ts';
import { startSyncServer, type SyncServer } from '../../server/sync-server.ts';
import { createPracticeDaysStore, PRACTICE_DAYS_KEY } from '../companion/practice-recorder';
import { createRoutineDaysStore } from '../companion/routine-days-store';
import { createRoutineItem } from '../exercise/routine/routine-store';
import { itemRecord, persistedSyncSource } from '../settings/settings-sync';
import { createCouchClient } from '../storage/sync/couch-client';
import { deviceSyncSource } from '../storage/sync/device-source';
import { createSyncEngine } from '../storage/sync/sync-engine';
import { memoryShadowStore } from '../storage/sync/shadow-store';

let server: SyncServer;
beforeAll(async () => {
  server = await startSyncServer({ inMemory: true });
});
afterAll(async () => {
  await server.close();
});

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

async function signedIn(name: string) {
  const client = createCouchClient(server.url, cookieFetch());
  await client.signIn(name, 'correct horse');
  return client.userDb(name);
}

async function device(name: string, id: string, days: Record<string, unknown>) {
  const storage = memoryStorage({ [PRACTICE_DAYS_KEY]: JSON.stringify(days) });
  const practice = createPracticeDaysStore(storage);
  const routines = createRoutineDaysStore(storage);
  const routine = createRoutineItem(storage);
  const engine = createSyncEngine({
    adapters: [
      deviceSyncSource(id, [
        { name: 'practice-days', record: practice.device },
        { name: 'routine-days', record: routines.device },
      ]),
      persistedSyncSource([{ name: 'routine', store: itemRecord(routine) }]),
    ],
    shadows: memoryShadowStore(),
    remote: await signedIn(name),
  });
  return { practice, routines, routine, sync: () => engine.cycle('all') };
}

describe('practice records on two devices of one account', { timeout: 60_000 }, () => {
  it('adds up the minutes and routines of a day practised on both, and brings the routine across', async () => {
    const first = createCouchClient(server.url, cookieFetch());
    await first.signUp('cornet', 'correct horse');
    await first.signIn('cornet', 'correct horse');
    await first.waitForUserDb('cornet', 5000);
    const day = (soundS: number, highMidi: number) => ({
      '2026-12-01': { soundS, restS: soundS / 2, highMidi, lowMidi: 58 },
    });
    const phone = await device('cornet', 'phone-1', day(600, 77));
    const laptop = await device('cornet', 'laptop-1', day(120, 82));
    phone.routines.markDone({ playedMin: 19 }, Date.UTC(2026, 11, 1, 9));
    laptop.routines.markDone({ playedMin: 12 }, Date.UTC(2026, 11, 1, 20));

    await phone.sync();
    await laptop.sync();
    await phone.sync();
    for (const both of [phone, laptop]) {
      expect(both.practice.days.get()['2026-12-01']).toEqual({
        soundS: 720,
        restS: 360,
        highMidi: 82,
        lowMidi: 58,
      });
      expect(both.routines.days.get()['2026-12-01']).toMatchObject({ times: 2, playedMin: 12 });
    }
    // Syncing again counts nothing twice.
    await laptop.sync();
    await phone.sync();
    expect(phone.practice.days.get()['2026-12-01'].soundS).toBe(720);

    const seen: string[][] = [];
    laptop.routine.subscribe(({ value }) => seen.push(value));
    phone.routine.set(['scales', 'long-tones']);
    await phone.sync();
    await laptop.sync();
    expect(laptop.routine.get().value).toEqual(['scales', 'long-tones']);
    expect(seen.at(-1)).toEqual(['scales', 'long-tones']);
  });
});
