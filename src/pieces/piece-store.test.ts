import Dexie from 'dexie';
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

  it("keeps each piece's scores per day as attempts come, go and are imported (Progress reads these)", async () => {
    const s = store();
    await s.put(piece('a', 1));
    await s.put(piece('b', 2));
    const at = (pieceId: string, atMs: number, overall: number) => ({
      pieceId,
      atMs,
      source: 'live' as const,
      mode: 'follow' as const,
      tempoPercent: 100,
      assessment: { ...assessment, scores: { ...assessment.scores, overall } },
    });
    const day1 = new Date(2026, 10, 20, 9).getTime();
    const day2 = new Date(2026, 10, 21, 9).getTime();
    const seen: number[] = [];
    s.version.subscribe((v) => seen.push(v));
    await s.addAttempt(at('a', day1, 60));
    await s.addAttempt(at('a', day1 + 3_600_000, 80));
    await s.addAttempt(at('a', day2, 90));
    await s.addAttempt(at('b', day2, 50));
    const rows = (await s.scoreDays()).sort((x, y) =>
      `${x.pieceId}${x.day}`.localeCompare(`${y.pieceId}${y.day}`),
    );
    expect(rows).toEqual([
      { pieceId: 'a', title: 'a', day: '2026-11-20', sum: 140, n: 2, best: 80 },
      { pieceId: 'a', title: 'a', day: '2026-11-21', sum: 90, n: 1, best: 90 },
      { pieceId: 'b', title: 'b', day: '2026-11-21', sum: 50, n: 1, best: 50 },
    ]);
    expect(seen).toEqual([1, 2, 3, 4]);

    // An import adds only the attempts not already here, once each, to the sums.
    const other = store();
    await other.importAll(await s.exportAll());
    await other.importAll(await s.exportAll());
    expect((await other.scoreDays()).reduce((n, r) => n + r.n, 0)).toBe(4);

    await s.remove('a');
    expect((await s.scoreDays()).map((r) => r.pieceId)).toEqual(['b']);
  });

  it('builds the per-day scores from the attempts of a library saved before they were kept', async () => {
    const factory = new IDBFactory();
    const old = new Dexie('embouchure-pieces', { indexedDB: factory, IDBKeyRange });
    old.version(1).stores({ pieces: 'id, importedAtMs', attempts: '++id, pieceId, atMs' });
    await old.table('pieces').put(piece('a', 1));
    const atMs = new Date(2026, 10, 20, 9).getTime();
    for (const overall of [70, 90]) {
      await old.table('attempts').add({
        pieceId: 'a',
        atMs,
        source: 'live',
        mode: 'follow',
        tempoPercent: 100,
        assessment: { ...assessment, scores: { ...assessment.scores, overall } },
      });
    }
    old.close();
    const s = createPieceStore({ indexedDB: factory, IDBKeyRange });
    expect(await s.scoreDays()).toEqual([
      { pieceId: 'a', title: 'a', day: '2026-11-20', sum: 160, n: 2, best: 90 },
    ]);
    expect(await s.attempts('a')).toHaveLength(2);
  });
});
