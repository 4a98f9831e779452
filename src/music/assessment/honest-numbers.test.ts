/**
 * Honest numbers (issue 37; teacher-reading-3.md U3, U11, U12, T14): the overall says what a
 * teacher would. A wrong note earns nothing, a take with no right note fails, a crack costs what
 * a listener hears however long the piece, long-short eighths cost points; and every curve stays
 * continuous. Synthetic performances of scores for B♭ trumpet (concert = written − 2).
 */
import { describe, expect, it } from 'vitest';
import { assessPerformance, concertMidiOf } from './assessor';
import type { AttemptAssessment } from './assessment-types';
import { attemptCrackCost, MAX_POINTS_PER_10_MS, unevenCost } from './curves';
import { synthPerformance, type SynthNote } from './testing/synthetic-performance';
import { scoreFromLine, type LineItem } from '../score/score-build';
import type { Score } from '../score/score-model';

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
const assess = (score: Score, notes: SynthNote[], options = {}): AttemptAssessment =>
  assessPerformance(score, synthPerformance(notes), options);

const scale = scoreFromLine(line('C4 D4 E4 F4 G4 A4 B4 C5 B4 A4 G4 F4 E4 D4 C4', 1), { qpm: 120 });
/** A slow melody (the Largo's pace): half notes at ♩ = 60. */
const melody = scoreFromLine(line('E4 G4 A4 G4 E4 D4 C4 D4 E4 G4 E4 D4', 2), { qpm: 60 });
const eighths = scoreFromLine(line('C4 D4 E4 F4 G4 F4 E4 D4 C4 D4 E4 F4 G4 F4 E4 D4', 0.5), {
  qpm: 96,
});

describe('a wrong note earns nothing (U3)', () => {
  it.each([
    { what: 'every note a semitone high', semitones: 1 },
    { what: 'every note an octave low', semitones: -12 },
  ])('$what: no right note, the take fails (overall < 20; it was 55)', ({ semitones }) => {
    const result = assess(
      scale,
      play(scale, (n) => ({ ...n, midi: n.midi + semitones })),
    );
    // (A semitone high lands two notes of a scale on the next note's pitch: those two count.)
    expect(result.notes.filter((n) => n.verdict === 'played').length).toBeLessThanOrEqual(2);
    expect(result.scores.overall).toBeLessThan(20);
  });

  it('a quarter of the notes wrong costs a quarter of the marks: not an A', () => {
    const result = assess(
      scale,
      play(scale, (n, i) => (i % 4 === 1 ? { ...n, midi: n.midi + 1 } : n)),
    );
    expect(result.notes.filter((n) => n.verdict === 'wrong')).toHaveLength(4);
    expect(result.scores.overall).toBeLessThanOrEqual(75);
    expect(result.scores.overall).toBeGreaterThan(65);
  });

  it("the wrong note's own row still tells how it was timed and held", () => {
    const result = assess(
      scale,
      play(scale, (n, i) => (i === 3 ? { ...n, midi: n.midi + 1 } : n)),
    );
    const wrong = result.notes[3];
    expect(wrong?.verdict).toBe('wrong');
    expect(wrong?.scores.timing).toBeGreaterThan(90);
    expect(wrong?.scores.steadiness).toBeGreaterThan(90);
  });
});

describe('a crack costs what a listener hears (U12)', () => {
  const cracked = (ms: number) =>
    assess(
      melody,
      play(melody, (n, i) =>
        i === 5 ? { ...n, centsAt: (t) => (t >= 400 && t < 400 + ms ? 500 : 0) } : n,
      ),
    );

  it('one 150 ms crack in a slow melody: named, and the overall is no longer 100', () => {
    const result = cracked(150);
    expect(result.notes[5]?.flags.some((f) => f.flag === 'cracked')).toBe(true);
    expect(result.fixFirst).toMatch(/^1 note cracked: first in bar 3/);
    const clean = assess(melody, play(melody));
    expect(clean.scores.overall).toBeGreaterThanOrEqual(98);
    expect(clean.scores.overall - result.scores.overall).toBeGreaterThanOrEqual(7);
  });

  it('what a crack costs grows with its length, by at most 3 points per 10 ms, capped', () => {
    for (let ms = 0; ms <= 400; ms += 10) {
      const step = attemptCrackCost([ms + 10]) - attemptCrackCost([ms]);
      expect(step).toBeGreaterThanOrEqual(0);
      expect(step).toBeLessThanOrEqual(MAX_POINTS_PER_10_MS);
    }
    expect(attemptCrackCost([150])).toBe(7.5);
    expect(attemptCrackCost([1000])).toBe(10);
    expect(attemptCrackCost(Array(10).fill(300))).toBe(40);
  });
});

describe('uneven runs cost points (U11, T14)', () => {
  it('eighths alternately 60 ms early and late: the off-beats are named and the score drops', () => {
    // Tongued short (half their length) so that a late note never overlaps an early one.
    const short = (n: SynthNote): SynthNote => ({ ...n, durationMs: n.durationMs / 1.8 });
    const even = assess(eighths, play(eighths, short));
    const longShort = assess(
      eighths,
      play(eighths, (n, i) => ({ ...short(n), onsetMs: n.onsetMs + (i % 2 === 0 ? -60 : 60) })),
    );
    expect(
      longShort.notes.filter((n) => n.flags.some((f) => f.flag === 'uneven')).length,
    ).toBeGreaterThanOrEqual(6);
    // It scored 98; a long-short pair a teacher stops you for is not an A+.
    expect(longShort.scores.overall).toBeLessThanOrEqual(93);
    expect(even.scores.overall - longShort.scores.overall).toBeGreaterThanOrEqual(5);
  });

  it('what unevenness costs is flat inside the onset jitter and never steeper than the timing cap', () => {
    expect(unevenCost(10)).toBe(0);
    expect(unevenCost(Number.NaN)).toBe(0);
    for (let ms = 0; ms <= 400; ms += 10) {
      expect(unevenCost(ms + 10) - unevenCost(ms)).toBeLessThanOrEqual(MAX_POINTS_PER_10_MS + 1e-9);
    }
  });
});
