import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { parseMusicXml, type AttemptAssessment } from '../music';
import { createPieceStore } from './piece-store';
import { DEFAULT_PRACTICE, type StoredPiece } from './piece-types';
import { partXml, scaleBars } from './test-scores.test-data';

const store = () => createPieceStore({ indexedDB: new IDBFactory(), IDBKeyRange });
const piece = (id: string, atMs: number): StoredPiece => ({
  id,
  title: id,
  fileName: `${id}.musicxml`,
  partId: null,
  importedAtMs: atMs,
  score: parseMusicXml(partXml(scaleBars(2))),
  practice: DEFAULT_PRACTICE,
  origin: 'file',
});
const assessment: AttemptAssessment = {
  notes: [],
  scores: { pitch: 90, timing: 80, steadiness: 70, overall: 82 },
  fixFirst: null,
};

describe('piece store', () => {
  it('lists pieces newest first, keeps attempts per piece, removes both together', async () => {
    const s = store();
    await s.put(piece('a', 1));
    await s.put(piece('b', 2));
    expect((await s.list()).map((p) => p.id)).toEqual(['b', 'a']);
    const attempt = {
      pieceId: 'a',
      source: 'live',
      mode: 'follow',
      tempoPercent: 100,
      assessment,
    } as const;
    await s.addAttempt({ ...attempt, atMs: 20 });
    await s.addAttempt({ ...attempt, atMs: 10 });
    expect((await s.attempts('a')).map((a) => a.atMs)).toEqual([10, 20]);
    expect((await s.get('a'))?.score.notes).toHaveLength(8);
    await s.remove('a');
    expect((await s.list()).map((p) => p.id)).toEqual(['b']);
    expect(await s.attempts('a')).toEqual([]);
  });

  it('imports an export into another device without duplicating what is there', async () => {
    const from = store();
    await from.put(piece('a', 1));
    await from.addAttempt({
      pieceId: 'a',
      atMs: 5,
      source: 'recording',
      mode: 'follow',
      tempoPercent: 100,
      assessment,
    });
    const data = await from.exportAll();
    const to = store();
    await to.put(piece('a', 1));
    expect(await to.importAll(JSON.parse(JSON.stringify(data)))).toBe(0);
    expect(await to.importAll({ pieces: [piece('c', 3)], attempts: data.attempts })).toBe(1);
    expect(await to.attempts('a')).toHaveLength(1);
    await to.importAll(data);
    expect(await to.attempts('a')).toHaveLength(1);
  });
});
