// Existing players' data after the storage layer (issue 35): databases written as `main` wrote them
// before it (e59cb3e: Dexie declarations copied below, the code that wrote them) are opened by the
// stores of today, and every attempt, aggregate, take, chunk, piece, piece attempt and day row is
// found as it was written.
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { sampleAttempt } from './history/fixtures.test-data';
import { createHistoryStore } from './history/history-db';
import { attemptKey } from './history/records';
import { summarise } from './history/summary';
import { createPieceStore } from './pieces/piece-store';
import { DEFAULT_PRACTICE, type StoredPiece } from './pieces/piece-types';
import { createTakeStore } from './takes/take-store';
import type { TakeMeta } from './takes/take-format';

/** `src/history/history-schema.ts` as of e59cb3e (versions 1-3; the upgrades do not run here). */
function historyAsOnMain(indexedDB: IDBFactory): Dexie {
  const db = new Dexie('embouchure-history', { indexedDB, IDBKeyRange });
  db.version(1).stores({ attempts: '++id, startedAt, exercise' });
  db.version(2).stores({ attempts: '++id, startedAt, exercise, key', summary: 'id' });
  db.version(3).stores({ takes: 'id, startedAtMs', takeChunks: '[takeId+seq], takeId' });
  return db;
}

/** `src/pieces/piece-store.ts`'s PiecesDb as of e59cb3e. */
function piecesAsOnMain(indexedDB: IDBFactory): Dexie {
  const db = new Dexie('embouchure-pieces', { indexedDB, IDBKeyRange });
  db.version(1).stores({ pieces: 'id, importedAtMs', attempts: '++id, pieceId, atMs' });
  db.version(2).stores({ scoreDays: '[pieceId+day], pieceId' });
  return db;
}

const attempts = Array.from({ length: 30 }, (_, i) => ({
  ...sampleAttempt,
  startedAt: new Date(Date.parse(sampleAttempt.startedAt) + i * 3_600_000).toISOString(),
  score: 40 + i,
}));

const meta: TakeMeta = {
  id: 'take-1',
  name: 'Arban p. 12',
  source: 'tuner',
  startedAtMs: Date.parse('2026-11-20T18:00:00Z'),
  durationMs: 2000,
  bytes: 4,
  mimeType: 'audio/wav',
  noteCount: 1,
  notesMidi: [69],
  state: 'complete',
  originMeasured: true,
  inputLatency: 'reported',
};

const piece: StoredPiece = {
  id: 'piece-1',
  title: 'Hymn',
  fileName: 'hymn.musicxml',
  partId: null,
  importedAtMs: 5,
  score: { parts: [] } as unknown as StoredPiece['score'],
  practice: DEFAULT_PRACTICE,
  origin: 'file',
};

describe('data written by main before the storage layer', () => {
  it('history, takes and pieces are all found by the stores of today', async () => {
    const indexedDB = new IDBFactory();
    const history = historyAsOnMain(indexedDB);
    await history.table('attempts').bulkAdd(attempts.map((a) => ({ ...a, key: attemptKey(a) })));
    await history.table('summary').put(summarise(attempts));
    await history.table('takes').put(meta);
    const audio = new Blob([new Uint8Array([82, 73, 70, 70])], { type: 'audio/wav' });
    await history.table('takeChunks').put({
      takeId: 'take-1',
      seq: 0,
      audio,
      readings: [0, 440, 0.9, -20, 440],
      notes: [],
    });
    history.close();
    const pieces = piecesAsOnMain(indexedDB);
    await pieces.table('pieces').put(piece);
    const judged = {
      pieceId: 'piece-1',
      atMs: Date.parse('2026-11-21T10:00:00Z'),
      source: 'live',
      mode: 'follow',
      tempoPercent: 100,
      assessment: {
        notes: [],
        scores: { pitch: 90, timing: 80, steadiness: 70, overall: 82 },
        fixFirst: null,
      },
    };
    await pieces.table('attempts').add({ ...judged }); // Dexie writes the key into what it adds
    await pieces
      .table('scoreDays')
      .put({ pieceId: 'piece-1', day: '2026-11-21', sum: 82, n: 1, best: 82 });
    pieces.close();

    const historyStore = createHistoryStore({ indexedDB, IDBKeyRange });
    const all = await historyStore.all();
    expect(all.map((a) => a.score)).toEqual(attempts.map((a) => a.score));
    expect(all[29]).toMatchObject({
      startedAt: attempts[29].startedAt,
      notes: sampleAttempt.notes,
    });
    expect(await historyStore.summary()).toEqual(summarise(attempts));
    expect(historyStore.status.get()).toEqual({ state: 'ready' });

    const takes = createTakeStore({ indexedDB, IDBKeyRange, storage: null });
    expect(await takes.list()).toEqual([meta]);
    const take = await takes.load('take-1');
    expect(take.readings).toEqual([0, 440, 0.9, -20, 440]);
    expect(new Uint8Array(await take.audio.arrayBuffer())).toEqual(
      new Uint8Array([82, 73, 70, 70]),
    );

    const pieceStore = createPieceStore({ indexedDB, IDBKeyRange });
    expect(await pieceStore.list()).toEqual([piece]);
    expect(await pieceStore.attempts('piece-1')).toEqual([judged]);
    expect(await pieceStore.scoreDays()).toEqual([
      { pieceId: 'piece-1', day: '2026-11-21', sum: 82, n: 1, best: 82, title: 'Hymn' },
    ]);
  });
});
