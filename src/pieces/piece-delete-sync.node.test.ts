// Deleting a piece syncs as a deletion (issue 36, W7): against the real embedded server, the
// piece and its attempts leave the account's other device; undo brings them back there too.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFetch } from '../../server/cookie-fetch.ts';
import { startSyncServer, type SyncServer } from '../../server/sync-server.ts';
import { parseMusicXml } from '../music';
import { createCouchClient } from '../storage/sync/couch-client';
import { createSyncEngine, type SyncEngine } from '../storage/sync/sync-engine';
import { memoryShadowStore } from '../storage/sync/shadow-store';
import { deletePiece, undoDelete } from './piece-delete';
import { createPieceStore, type PieceStore } from './piece-store';
import { DEFAULT_PRACTICE, type StoredPiece } from './piece-types';
import { piecesSyncSources } from './pieces-sync';
import { partXml, scaleBars } from './test-scores.test-data';

let server: SyncServer;
beforeAll(async () => {
  server = await startSyncServer({ inMemory: true });
});
afterAll(async () => {
  await server.close();
});

const march: StoredPiece = {
  id: 'p-march',
  title: 'Festive March',
  fileName: 'march.mxl',
  partId: null,
  importedAtMs: 1,
  score: parseMusicXml(partXml(scaleBars(2))),
  practice: DEFAULT_PRACTICE,
  origin: 'file',
};

async function device(name: string): Promise<{ store: PieceStore; engine: SyncEngine }> {
  const client = createCouchClient(server.url, cookieFetch());
  await client.signIn(name, 'correct horse');
  const store = createPieceStore({ indexedDB: new IDBFactory(), IDBKeyRange });
  const engine = createSyncEngine({
    adapters: piecesSyncSources(store),
    shadows: memoryShadowStore(),
    remote: client.userDb(name),
  });
  return { store, engine };
}

describe('a deleted piece, synced', { timeout: 60_000 }, () => {
  it('leaves the other device with its attempts, and undo brings both back', async () => {
    const first = createCouchClient(server.url, cookieFetch());
    await first.signUp('bandsman', 'correct horse');
    await first.signIn('bandsman', 'correct horse');
    await first.waitForUserDb('bandsman', 5000);
    const [a, b] = [await device('bandsman'), await device('bandsman')];
    await a.store.put(march);
    await a.store.addAttempt({
      pieceId: march.id,
      atMs: 5000,
      source: 'live',
      mode: 'follow',
      tempoPercent: 100,
      assessment: {
        notes: [],
        scores: { pitch: 90, timing: 80, steadiness: 70, overall: 82 },
        fixFirst: null,
      },
    });
    await a.engine.cycle('all');
    await b.engine.cycle('all');
    expect((await b.store.list()).map((p) => p.id)).toEqual([march.id]);
    expect((await b.store.attempts(march.id)).length).toBe(1);

    const deleted = await deletePiece(a.store, march);
    await a.engine.cycle('all');
    await b.engine.cycle('all');
    expect(await b.store.list()).toEqual([]);
    expect(await b.store.attempts(march.id)).toEqual([]);

    await undoDelete(a.store, deleted);
    await a.engine.cycle('all');
    await b.engine.cycle('all');
    expect((await b.store.list()).map((p) => p.id)).toEqual([march.id]);
    expect((await b.store.attempts(march.id)).length).toBe(1);
  });
});
