import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { parseMusicXml, type AttemptAssessment } from '../music';
import { createPieceStore } from './piece-store';
import { exportPieces, importPieces, piecesContents } from './pieces-export';
import type { StoredPiece } from './piece-types';
import { partXml, scaleBars } from './test-scores.test-data';

const store = () => createPieceStore({ indexedDB: new IDBFactory(), IDBKeyRange });
const assessment: AttemptAssessment = {
  notes: [],
  scores: { pitch: 90, timing: 80, steadiness: 70, overall: 82 },
  fixFirst: 'You drag behind the beat',
};
const piece: StoredPiece = {
  id: 'p1',
  title: 'Étude',
  fileName: 'etude.mxl',
  partId: 'P2',
  importedAtMs: 5,
  score: parseMusicXml(partXml(scaleBars(3))),
  practice: {
    mode: 'click',
    tempoPercent: 70,
    loop: { fromBar: 1, toBar: 2 },
    trainer: true,
    cleanPassesInARow: 2,
  },
  origin: 'file',
};

describe('the pieces in the history export file', () => {
  it('moves pieces, their settings and attempts to another device through JSON', async () => {
    const from = store();
    await from.put(piece);
    await from.addAttempt({
      pieceId: 'p1',
      atMs: 9,
      source: 'live',
      mode: 'click',
      tempoPercent: 70,
      assessment,
    });
    const file = JSON.parse(JSON.stringify(await exportPieces(from))) as unknown;
    const to = store();
    expect(await importPieces(file, to)).toBe('Imported 1 new piece.');
    const [back] = await to.list();
    expect(back).toMatchObject({
      id: 'p1',
      title: 'Étude',
      partId: 'P2',
      practice: piece.practice,
    });
    expect(back.score.notes.map((n) => n.written)).toEqual(piece.score.notes.map((n) => n.written));
    expect((await to.attempts('p1')).map((a) => a.assessment.fixFirst)).toEqual([
      'You drag behind the beat',
    ]);
    expect(await importPieces(file, to)).toBe('Imported 0 new pieces.');
  });

  it('skips a piece that cannot be read and says how many', async () => {
    const to = store();
    const message = await importPieces(
      { pieces: [{ id: 'bad', musicxml: '<nope' }, { id: 7 }], attempts: [{ pieceId: 'bad' }] },
      to,
    );
    expect(message).toBe('Imported 0 new pieces (2 could not be read).');
    expect(await to.list()).toEqual([]);
    expect(await importPieces('nonsense', to)).toBe('The file has no readable pieces.');
  });
});

describe('what the export says it carries of the library', () => {
  it('nothing for an empty library; else the pieces and their attempts counted', async () => {
    const library = store();
    expect(await piecesContents(library)).toBeNull();
    await library.put(piece);
    expect(await piecesContents(library)).toBe(
      'the pieces library: 1 piece (as MusicXML) with 0 attempts',
    );
    for (const atMs of [1, 2]) {
      await library.addAttempt({
        pieceId: 'p1',
        atMs,
        source: 'live',
        mode: 'follow',
        tempoPercent: 100,
        assessment,
      });
    }
    await library.put({ ...piece, id: 'p2' });
    expect(await piecesContents(library)).toBe(
      'the pieces library: 2 pieces (as MusicXML) with 2 attempts',
    );
  });
});
