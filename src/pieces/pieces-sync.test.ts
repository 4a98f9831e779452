import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { parseMusicXml } from '../music';
import { createPieceStore } from './piece-store';
import { DEFAULT_PRACTICE, type StoredPiece } from './piece-types';
import { piecesSyncSources, resolvePieces, syncedPiece } from './pieces-sync';
import { partXml, scaleBars } from './test-scores.test-data';

const piece = (bars: number, atMs = 1): StoredPiece => ({
  id: 'p',
  title: 'Hymn',
  fileName: 'hymn.musicxml',
  partId: null,
  importedAtMs: atMs,
  score: parseMusicXml(partXml(scaleBars(bars))),
  practice: DEFAULT_PRACTICE,
  origin: 'file',
});

describe('pieces as the account syncs them', () => {
  it('two different versions of one piece: the later under its id, the other kept beside it', () => {
    const local = { key: 'p', updatedAtMs: 1, data: piece(2, 1) };
    const remote = { key: 'p', updatedAtMs: 2, data: piece(3, 2) };
    const { keep, copies } = resolvePieces(local, remote);
    expect(keep).toBe(remote);
    expect(copies).toEqual([
      {
        key: 'p~1',
        updatedAtMs: 1,
        data: { ...piece(2, 1), id: 'p~1', title: 'Hymn (other version)' },
      },
    ]);
    expect(resolvePieces(local, { ...local, updatedAtMs: 3 }).copies).toBeUndefined();
  });

  it('stores a piece and its attempts from another device, and leaves out what is not one', async () => {
    const store = createPieceStore({ indexedDB: new IDBFactory(), IDBKeyRange });
    const [pieces, attempts] = piecesSyncSources(store);
    await pieces.put([
      { key: 'p', updatedAtMs: 1, data: piece(2) },
      { key: 'q', updatedAtMs: 1, data: { id: 'q', title: 'Not a score', score: {} } },
    ]);
    expect((await store.list()).map((p) => p.id)).toEqual(['p']);
    const judged = {
      pieceId: 'p',
      atMs: Date.parse('2026-11-21T10:00:00Z'),
      source: 'live',
      mode: 'follow',
      tempoPercent: 100,
      assessment: {
        notes: [],
        scores: { pitch: 90, timing: 80, steadiness: 70, overall: 82 },
        fixFirst: null,
      },
    } as const;
    await attempts.put([{ key: `p@${judged.atMs}`, updatedAtMs: judged.atMs, data: judged }]);
    await attempts.put([{ key: `p@${judged.atMs}`, updatedAtMs: judged.atMs, data: judged }]);
    expect(await store.attempts('p')).toEqual([judged]);
    expect((await store.scoreDays()).map((d) => d.n)).toEqual([1]);
    await attempts.remove([`p@${judged.atMs}`]);
    expect(await store.attempts('p')).toEqual([]);
    expect(await store.scoreDays()).toEqual([]);
    expect(syncedPiece(piece(2), 'another')).toBeNull();
  });
});
