import { describe, expect, it } from 'vitest';
import { assessPerformance } from './assessor';
import { playedSegments } from './performance';
import { synthPerformance, type SynthNote } from './testing/synthetic-performance';
import { scoreFromLine } from '../score/score-build';

// Written G4 eighths at ♩ = 100 on a B♭ trumpet: concert F4 (65), 300 ms apart.
const eighths = scoreFromLine(
  [
    ['G4', 0.5],
    ['G4', 0.5],
    ['G4', 0.5],
    ['G4', 0.5],
    ['A4', 1],
  ],
  { qpm: 100 },
);

/** The eighths tongued legato: no gap, each re-attack a level dip of `dipDb`. */
function tongued(dipDb: number): SynthNote[] {
  return [
    ...[0, 1, 2, 3].map((k) => ({
      midi: 65,
      onsetMs: 500 + 300 * k,
      durationMs: 300,
      reattackDipDb: dipDb,
    })),
    { midi: 67, onsetMs: 1700, durationMs: 550 },
  ];
}

describe('repeated notes the stream kept as one (repeat-split.ts)', () => {
  it('a shallow stroke where the score repeats the pitch still starts a note', () => {
    const performance = synthPerformance(tongued(3.4));
    // Without the score the 3.4 dB strokes are below the 5 dB split: one long note.
    expect(playedSegments(performance, 440).length).toBe(2);
    const verdicts = assessPerformance(eighths, performance).notes.map((n) => n.verdict);
    expect(verdicts).toEqual(['played', 'played', 'played', 'played', 'played']);
  });

  it('a held note whose ripple stays under the due threshold is not cut into repeats', () => {
    const held = synthPerformance([
      {
        midi: 65,
        onsetMs: 500,
        durationMs: 1200,
        ripple: [300, 600, 900].map((atMs) => ({ atMs, depthDb: 2.5 })),
      },
      { midi: 67, onsetMs: 1700, durationMs: 550 },
    ]);
    const notes = assessPerformance(eighths, held).notes;
    expect(notes[0]?.verdict).toBe('played');
    // The repeats were held through, not tongued: missed, and said so.
    for (const note of notes.slice(1, 4)) {
      expect(note.verdict).toBe('missed');
      expect(note.reasons).toEqual(['Not tongued again: G4 held on from the note before']);
    }
  });
});
