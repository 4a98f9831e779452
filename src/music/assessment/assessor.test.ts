/**
 * The assessor judged as a teacher would (issue 21; trumpet.md "Saying it right"), on synthetic
 * performances of scores built from written lines for B♭ trumpet (concert = written − 2).
 */
import { describe, expect, it } from 'vitest';
import { assessPerformance, concertMidiOf } from './assessor';
import type { AttemptAssessment, NoteAssessment } from './assessment-types';
import { synthPerformance, type SynthNote } from './testing/synthetic-performance';
import { scoreFromLine, type LineItem } from '../score/score-build';
import type { Score } from '../score/score-model';

const line = (names: string, quarters: number): LineItem[] =>
  names.split(' ').map((n) => [n, quarters] as const);

/** The score played as written from 1 s, each note 90 % of its length; `edit` changes one. */
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

const flags = (n: NoteAssessment | undefined): string[] => (n?.flags ?? []).map((f) => f.flag);
const assess = (score: Score, notes: SynthNote[], options = {}): AttemptAssessment =>
  assessPerformance(score, synthPerformance(notes), options);

const scale = scoreFromLine(line('C4 D4 E4 F4 G4 A4 B4 C5', 1), { qpm: 120 });
const longTone = scoreFromLine([['G4', 8]], { qpm: 60 });

describe('the assessor', () => {
  it('passes a clean scale: all played, nothing flagged, nothing to fix', () => {
    const result = assess(scale, play(scale));
    expect(result.notes.map((n) => n.verdict)).toEqual(Array(8).fill('played'));
    expect(result.notes.flatMap((n) => n.flags)).toEqual([]);
    expect(result.scores.overall).toBeGreaterThanOrEqual(98);
    expect(result.fixFirst).toBeNull();
  });

  it('has no cliff at the band edge: a long tone at +9.5 and +10.5 ¢ scores within 3 points', () => {
    const at = (cents: number) =>
      assess(
        longTone,
        play(longTone, (n) => ({ ...n, centsAt: () => cents })),
      ).notes[0]?.scores.pitch ?? 0;
    expect(Math.abs(at(9.5) - at(10.5))).toBeLessThanOrEqual(3);
    expect(at(9.5)).toBeGreaterThan(85);
  });

  it('charges a centred ±25 ¢ wobble to steadiness, not pitch', () => {
    const wobble = assess(
      longTone,
      play(longTone, (n) => ({
        ...n,
        centsAt: (ms) => 25 * Math.sin((2 * Math.PI * 5 * ms) / 1000),
      })),
    ).notes[0];
    expect(flags(wobble)).toEqual(['unsteady']);
    expect(wobble?.scores.pitch).toBeGreaterThanOrEqual(95);
    expect(wobble?.scores.steadiness).toBeLessThan(75);
  });

  it('names a 300 ms dropout in a long tone with when it happened', () => {
    const result = assess(
      longTone,
      play(longTone, (n) => ({ ...n, dropout: { atMs: 2000, lengthMs: 300 } })),
    );
    const note = result.notes[0];
    expect(note?.verdict).toBe('played');
    expect(note?.flags).toEqual([expect.objectContaining({ flag: 'cracked', kind: 'dropout' })]);
    const crack = note?.flags[0] as { atMs: number; lengthMs: number };
    expect(Math.abs(crack.atMs - 2000)).toBeLessThan(30);
    expect(Math.abs(crack.lengthMs - 300)).toBeLessThan(50);
    expect(result.fixFirst).toMatch(/cracked/);
  });

  it('calls a late note late, never wrong, and charges timing only', () => {
    const result = assess(
      scale,
      play(scale, (n, i) =>
        i === 4 ? { ...n, onsetMs: n.onsetMs + 150, durationMs: n.durationMs - 150 } : n,
      ),
    );
    const late = result.notes[4];
    expect(late?.verdict).toBe('played');
    expect(late?.flags).toEqual([{ flag: 'late', ms: expect.closeTo(150, -1) as number }]);
    expect(late?.scores.pitch).toBe(100);
    expect(late?.scores.timing).toBeLessThan(80);
    expect(result.notes.filter((_, i) => i !== 4).flatMap((n) => n.flags)).toEqual([]);
  });

  it('with a click, a player 150 ms behind throughout drags; without one, keeps their own beat', () => {
    const behind = play(scale, (n) => ({ ...n, onsetMs: n.onsetMs + 150 }));
    const clicked = assess(scale, behind, { timing: { kind: 'click', originMs: 1000 } });
    expect(clicked.notes.every((n) => n.verdict === 'played')).toBe(true);
    expect(clicked.fixFirst).toMatch(/^You drag behind the beat \(about 15\d ms late\)/);
    expect(assess(scale, behind).notes.flatMap((n) => n.flags)).toEqual([]);
  });

  it('does not call a phrase that slows down late on every note', () => {
    let t = 1000;
    const slowing = scale.notes.map((note, i) => {
      const n: SynthNote = { midi: concertMidiOf(scale, note), onsetMs: t, durationMs: 400 };
      t += 500 * (1 + (0.5 * i) / 7);
      return n;
    });
    expect(assess(scale, slowing).notes.flatMap((n) => n.flags)).toEqual([]);
  });

  it('names swung eighths and a late K uneven, on the notes behind only', () => {
    const eighths = scoreFromLine(line('G4 G4 G4 G4 A4 A4 A4 A4 B4 B4 B4 B4 C5 C5 C5 C5', 0.5), {
      qpm: 90,
    });
    for (const lagMs of [40, 60]) {
      const result = assess(
        eighths,
        play(eighths, (n, i) =>
          i % 2 === 1 ? { ...n, onsetMs: n.onsetMs + lagMs, durationMs: n.durationMs - lagMs } : n,
        ),
      );
      result.notes.forEach((n, i) => {
        expect(flags(n)).toEqual(i % 2 === 1 ? ['uneven'] : []);
      });
      expect(result.fixFirst).toMatch(
        new RegExp(`^Your runs are uneven \\(long-short, about ${lagMs} ms, from bar 1\\)`),
      );
    }
  });

  it('takes a stop as a new phrase: coming back after 6 s is not late', () => {
    const result = assess(
      scale,
      play(scale, (n, i) => (i >= 4 ? { ...n, onsetMs: n.onsetMs + 6000 } : n)),
    );
    expect(result.notes.flatMap((n) => n.flags)).toEqual([]);
  });

  it('names a wrong note in the key and never praises over it', () => {
    const eFlat = scoreFromLine(line('F4 G4 Bb4 C5 D5 Eb5', 1), {
      key: { fifths: -3, mode: 'major' },
    });
    const result = assess(
      eFlat,
      play(eFlat, (n, i) => (i === 2 ? { ...n, midi: n.midi - 2 } : n)),
    );
    expect(result.notes[2]).toMatchObject({ verdict: 'wrong', heard: 'Ab4', written: 'Bb4' });
    expect(result.notes[2]?.reasons).toEqual(['Heard A♭4, not B♭4']);
    expect(result.fixFirst).toMatch(/^1 wrong note: first in bar 1, heard A♭4 instead of B♭4/);
    expect(result.fixFirst).not.toMatch(/well played/i);
  });

  it('reports a missed note and scores it 0', () => {
    const result = assess(
      scale,
      play(scale).filter((_, i) => i !== 5),
    );
    expect(result.notes[5]).toMatchObject({ verdict: 'missed', onsetMs: null, heard: null });
    expect(result.notes[5]?.scores).toEqual({ pitch: 0, timing: 0, steadiness: 0 });
    expect(result.fixFirst).toMatch(/^1 note not heard: first in bar 2 \(A4\)/);
  });

  it('names the main slide when everything is sharp, the 3rd slide when the 1-3 notes are', () => {
    const sharp = assess(
      scale,
      play(scale, (n) => ({ ...n, centsAt: () => 18 })),
    );
    expect(sharp.fixFirst).toMatch(
      /^Everything is high \(median \+18 ¢\): pull the main tuning slide out/,
    );
    const low = scoreFromLine(line('D4 C#4 D4 E4 G4 C#4 D4 G4', 1));
    const combos = assess(
      low,
      play(low, (n, i) => ([0, 1, 2, 5, 6].includes(i) ? { ...n, centsAt: () => 25 } : n)),
    );
    expect(combos.fixFirst).toMatch(
      /^The 1-3 and 1-2-3 notes \(D4, C♯4\) are sharp: extend the 3rd valve slide on them\.$/,
    );
  });

  it('judges the final attempt after a restart', () => {
    const first = play(scale).slice(0, 5);
    const again = play(scale).map((n) => ({ ...n, onsetMs: n.onsetMs + 5000 }));
    again[2] = { ...(again[2] as SynthNote), midi: (again[2] as SynthNote).midi + 1 };
    const result = assess(scale, [...first, ...again]);
    expect(result.notes.map((n) => n.verdict)).toEqual([
      'played',
      'played',
      'wrong',
      'played',
      'played',
      'played',
      'played',
      'played',
    ]);
  });

  it('rejects options out of range with the range in the message', () => {
    expect(() => assess(scale, play(scale), { bandCents: 80 })).toThrow('band must be 1..50 cents');
    expect(() => assess(scale, play(scale), { a4Hz: 300 })).toThrow(RangeError);
  });
});
