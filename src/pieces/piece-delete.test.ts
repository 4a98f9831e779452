import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { parseMusicXml } from '../music';
import { confirmDeleteText, deletePiece, deletedText, undoDelete } from './piece-delete';
import { createPieceStore, type PieceChange } from './piece-store';
import { DEFAULT_PRACTICE, type PieceAttempt, type StoredPiece } from './piece-types';
import { partXml, scaleBars } from './test-scores.test-data';

const piece = (id: string, title: string): StoredPiece => ({
  id,
  title,
  fileName: `${title}.musicxml`,
  partId: null,
  importedAtMs: 1,
  score: parseMusicXml(partXml(scaleBars(2))),
  practice: DEFAULT_PRACTICE,
  origin: 'file',
});
const attempt = (pieceId: string, atMs: number): PieceAttempt => ({
  pieceId,
  atMs,
  source: 'live',
  mode: 'follow',
  tempoPercent: 100,
  assessment: {
    notes: [],
    scores: { pitch: 90, timing: 80, steadiness: 70, overall: 82 },
    fixFirst: null,
  },
});

describe('deleting a piece (W7)', () => {
  it('deletes it with its attempts, says so, tells the sync, and undo brings both back', async () => {
    const store = createPieceStore({ indexedDB: new IDBFactory(), IDBKeyRange });
    const march = piece('p-march', 'Festive March');
    await store.put(march);
    await store.put(piece('p-hymn', 'Hymn'));
    await store.addAttempt(attempt('p-march', 1000));
    await store.addAttempt(attempt('p-march', 2000));
    await store.addAttempt(attempt('p-hymn', 3000));
    const changes: PieceChange[] = [];
    store.changes.subscribe((change) => changes.push(change));

    const deleted = await deletePiece(store, march);
    expect((await store.list()).map((p) => p.id)).toEqual(['p-hymn']);
    expect(await store.attempts('p-march')).toEqual([]);
    expect((await store.attempts('p-hymn')).length).toBe(1);
    expect((await store.scoreDays()).map((d) => d.pieceId)).toEqual(['p-hymn']);
    // The sync compares the piece and every attempt: both go as deletions.
    expect(changes).toEqual([{ pieces: ['p-march'], attempts: 'all' }]);
    expect(deletedText(deleted)).toBe('Deleted “Festive March” and its 2 attempts.');

    await undoDelete(store, deleted);
    expect((await store.list()).map((p) => p.id).sort()).toEqual(['p-hymn', 'p-march']);
    expect((await store.attempts('p-march')).map((a) => a.atMs)).toEqual([1000, 2000]);
    expect((await store.scoreDays()).find((d) => d.pieceId === 'p-march')?.n).toBe(2);
  });

  it('asks first, naming the piece and the account', () => {
    expect(confirmDeleteText(piece('p', 'Hymn'))).toBe(
      'Delete “Hymn” and its attempts from this device and, when you are signed in, from your account?',
    );
    expect(deletedText({ piece: piece('p', 'Hymn'), attempts: [] })).toBe('Deleted “Hymn”.');
  });
});
