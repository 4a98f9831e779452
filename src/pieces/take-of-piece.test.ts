import { describe, expect, it } from 'vitest';
import type { AttemptAssessment, NoteAssessment } from '../music';
import { takePieceOf, type JudgedPass } from './take-of-piece';
import { takePieceFrom } from '../takes/take-piece';

const note = (
  index: number,
  written: string,
  verdict: NoteAssessment['verdict'],
): NoteAssessment => ({
  index,
  measure: String(1 + Math.floor(index / 4)),
  written,
  onsetMs: verdict === 'missed' ? null : 100 * index,
  heard: verdict === 'missed' ? null : written,
  cents: verdict === 'missed' ? null : 0,
  verdict,
  flags: [],
  scores: { pitch: 100, timing: 100, steadiness: 100 },
  reasons: [],
});
const assessment = (notes: NoteAssessment[], overall: number): AttemptAssessment => ({
  notes,
  scores: { pitch: overall, timing: overall, steadiness: overall, overall },
  fixFirst: overall < 85 ? 'You rush the eighths' : null,
});
const piece = { id: 'p-1', title: 'Arban 1' };
const START = 1_000_000;

describe('what a take of a piece keeps of the passes judged on its screen', () => {
  it('the passes since the take began, timed from its start, verdicts on whole-piece notes', () => {
    const before: JudgedPass = {
      atMs: START - 5,
      assessment: assessment([note(0, 'C5', 'played')], 90),
      noteIndices: [0],
    };
    // A loop over bar 2: its notes are the piece's 4..5.
    const loop: JudgedPass = {
      atMs: START + 12_000,
      assessment: assessment([note(0, 'G5', 'played'), note(1, 'Bb4', 'wrong')], 70),
      noteIndices: [4, 5],
    };
    expect(takePieceOf(piece, [before, loop], START)).toEqual({
      id: 'p-1',
      title: 'Arban 1',
      attempts: [
        {
          atMs: 12_000,
          scores: { pitch: 70, timing: 70, steadiness: 70, overall: 70 },
          fixFirst: 'You rush the eighths',
          notes: [
            { index: 4, measure: '1', written: 'G5', verdict: 'played' },
            { index: 5, measure: '1', written: 'Bb4', verdict: 'wrong' },
          ],
        },
      ],
    });
  });

  it('keeps the last 20 passes of a long take', () => {
    const passes = Array.from({ length: 25 }, (_, i): JudgedPass => ({
      atMs: START + i,
      assessment: assessment([note(0, 'C5', 'played')], 60 + i),
      noteIndices: [0],
    }));
    const kept = takePieceOf(piece, passes, START).attempts;
    expect(kept.map((a) => a.atMs)).toEqual(Array.from({ length: 20 }, (_, i) => i + 5));
  });

  it('keeps the tempo played with each pass, and reads takes saved before it (U7)', () => {
    const tempo = { qpm: 126, startQpm: 120, endQpm: 133, markedQpm: 120, drifting: true };
    const pass: JudgedPass = {
      atMs: START + 1000,
      assessment: { ...assessment([note(0, 'C5', 'played')], 95), playedTempo: tempo },
      noteIndices: [0],
    };
    const kept = takePieceOf(piece, [pass], START);
    expect(kept.attempts[0]?.playedTempo).toEqual(tempo);
    // Through the take file and back; an older file without it still reads.
    const file = JSON.parse(JSON.stringify(kept)) as unknown;
    expect(takePieceFrom(file).attempts[0]?.playedTempo).toEqual(tempo);
    const old = takePieceOf(
      piece,
      [{ ...pass, assessment: assessment([note(0, 'C5', 'played')], 95) }],
      START,
    );
    expect(takePieceFrom(JSON.parse(JSON.stringify(old))).attempts[0]).not.toHaveProperty(
      'playedTempo',
    );
    expect(() =>
      takePieceFrom({ ...kept, attempts: [{ ...kept.attempts[0], playedTempo: { qpm: -1 } }] }),
    ).toThrow(/playedTempo must be qpm/);
  });
});
