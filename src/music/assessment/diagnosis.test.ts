/**
 * Diagnose like a teacher (issue 37; teacher-reading-3.md U4, U9): the pattern over the notes,
 * not a note count. A forgotten key-signature accidental, reading an octave off, scooping into
 * every note (an attack problem, not wavering). Synthetic performances of written lines for B♭
 * trumpet; the key signatures are real ones (F major: B♭).
 */
import { describe, expect, it } from 'vitest';
import { assessPerformance, concertMidiOf } from './assessor';
import { keyAlterOf } from './summary';
import { synthPerformance, type SynthNote } from './testing/synthetic-performance';
import { scoreFromLine, type LineItem } from '../score/score-build';
import type { Score } from '../score/score-model';
import { parseSpelledNote, spelledToMidi, type Letter } from '../theory/notes';

const line = (names: string, quarters: number): LineItem[] =>
  names.split(' ').map((n) => [n, quarters] as const);

function play(score: Score, edit: (n: SynthNote, i: number) => SynthNote = (n) => n): SynthNote[] {
  return score.notes.map((note, i) =>
    edit(
      {
        midi: concertMidiOf(score, note),
        onsetMs: 1000 + note.startMs,
        durationMs: 0.9 * note.durationMs,
      },
      i,
    ),
  );
}

/** Twinkle's first two phrases in F major (written), every B♭ in them from the key signature. */
const twinkle = scoreFromLine(
  line('F4 F4 C5 C5 D5 D5 C5 Bb4 Bb4 A4 A4 G4 G4 F4 C5 C5 Bb4 Bb4 A4 A4 G4', 1),
  { qpm: 100, key: { fifths: -1, mode: 'major' } },
);

describe('the key signature, by letter (the table the wrong-note pattern reads)', () => {
  it.each([
    { fifths: -1, flats: 'B' },
    { fifths: -3, flats: 'B E A' },
    { fifths: 2, sharps: 'F C' },
    { fifths: 7, sharps: 'F C G D A E B' },
  ])('$fifths fifths', ({ fifths, flats, sharps }) => {
    const letters: Letter[] = ['C', 'D', 'E', 'F', 'G', 'A', 'B'];
    for (const letter of letters) {
      const expected = flats?.split(' ').includes(letter)
        ? -1
        : sharps?.split(' ').includes(letter)
          ? 1
          : 0;
      expect(keyAlterOf({ fifths, mode: 'major' }, letter)).toBe(expected);
    }
  });
});

describe('wrong notes named as the pattern behind them (U4)', () => {
  it('every B♭ played as B♮ in F major: "you forgot the B♭", with the fingering', () => {
    const bFlat = spelledToMidi(
      parseSpelledNote('Bb4') ?? { letter: 'B', accidental: -1, octave: 4 },
    );
    const result = assessPerformance(
      twinkle,
      synthPerformance(
        play(twinkle, (n, i) =>
          spelledToMidi(twinkle.notes[i].written) === bFlat ? { ...n, midi: n.midi + 1 } : n,
        ),
      ),
    );
    expect(result.notes.filter((n) => n.verdict === 'wrong')).toHaveLength(4);
    expect(result.fixFirst).toBe(
      'You forgot the B♭ in the key signature: 4 notes played as B (first in bar 2). B♭4 is 1, not 2.',
    );
  });

  it('the whole tune an octave low: "you are reading an octave low", and where the note sits', () => {
    const result = assessPerformance(
      twinkle,
      synthPerformance(play(twinkle, (n) => ({ ...n, midi: n.midi - 12 }))),
    );
    expect(result.fixFirst).toMatch(
      /^You're reading an octave low: \d+ notes an octave below the written one \(first in bar 1, F3 for F4\)\. F4 is the first space of the staff\.$/,
    );
    // Nothing right, nothing earned.
    expect(result.scores.overall).toBeLessThan(20);
  });

  it('one wrong note of another kind: still the note, not a pattern', () => {
    const result = assessPerformance(
      twinkle,
      synthPerformance(play(twinkle, (n, i) => (i === 4 ? { ...n, midi: n.midi + 2 } : n))),
    );
    expect(result.fixFirst).toMatch(/^1 wrong note: first in bar 2, heard E5 instead of D5\./);
  });
});

describe('scoops are an attack problem, not wavering (U9)', () => {
  const mary = scoreFromLine(line('E4 D4 C4 D4 E4 E4 E4 D4 D4 D4 E4 G4 G4', 1), { qpm: 100 });

  it('every note scooped up from −60 ¢ over 150 ms: "you scoop", not "wavered"', () => {
    const result = assessPerformance(
      mary,
      synthPerformance(
        play(mary, (n) => ({ ...n, centsAt: (ms) => (ms < 150 ? -60 + (60 * ms) / 150 : 0) })),
      ),
    );
    expect(result.notes.filter((n) => n.flags.some((f) => f.flag === 'unsteady'))).toEqual([]);
    expect(
      result.notes.filter((n) => n.flags.some((f) => f.flag === 'scooped')).length,
    ).toBeGreaterThanOrEqual(10);
    expect(result.fixFirst).toMatch(
      /^You scoop into the notes \(\d+ of 13, from below\): hear each note first and start it on the pitch\.$/,
    );
  });

  it('a clean attack is no scoop', () => {
    const result = assessPerformance(mary, synthPerformance(play(mary)));
    expect(result.notes.flatMap((n) => n.flags)).toEqual([]);
    expect(result.fixFirst).toBeNull();
  });
});

describe('the tempo and the rhythm, before single notes (U7, U10)', () => {
  // Yankee Doodle's first phrase in eighths at ♩ = 120, twice over.
  const march = scoreFromLine(
    line('G4 G4 A4 B4 G4 B4 A4 D4 G4 G4 A4 B4 G4 F#4 D4 D4 G4 G4 A4 B4 G4 B4 A4 D4', 0.5),
    { qpm: 120 },
  );

  it('a steady accelerando from ♩=120 to 133: said as the tempo, not as late and early notes', () => {
    const lastMs = march.notes[march.notes.length - 1]?.startMs ?? 1;
    // Time runs faster and faster: at the end 133/120 as fast.
    const at = (ms: number) => ms - ((1 - 120 / 133) * ms * ms) / (2 * lastMs);
    const result = assessPerformance(
      march,
      synthPerformance(
        play(march, (n, i) => ({
          ...n,
          onsetMs: 1000 + at(march.notes[i]?.startMs ?? 0),
          durationMs: 0.8 * n.durationMs,
        })),
      ),
    );
    expect(result.playedTempo?.drifting).toBe(true);
    expect(result.fixFirst).toMatch(/^You sped up from ♩=12\d to about ♩=13\d: keep the pulse\.$/);
  });

  it('the whole take at ♩≈96 with nothing else wrong: the tempo is the last thing said', () => {
    const slow = assessPerformance(
      march,
      synthPerformance(
        play(march, (n, i) => ({
          ...n,
          onsetMs: 1000 + 1.25 * (march.notes[i]?.startMs ?? 0),
          durationMs: n.durationMs,
        })),
      ),
    );
    expect(slow.fixFirst).toBe('You played at ♩≈96; the marking is 120.');
  });
});
