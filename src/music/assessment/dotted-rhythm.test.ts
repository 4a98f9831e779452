/**
 * A dotted rhythm played as even eighths (issue 37, U10): the rhythm is named, the notes on the
 * beat are not called late or early, and the first note (played on time) is on time.
 */
import { describe, expect, it } from 'vitest';
import { assessPerformance, concertMidiOf } from './assessor';
import { dottedRhythmLine, dottedRhythmOf } from './dotted-rhythm';
import { synthPerformance, type SynthNote } from './testing/synthetic-performance';
import { scoreFromLine, type LineItem } from '../score/score-build';

const BEAT_MS = 750; // ♩=80
// Four bars of dotted eighth + sixteenth pairs, ending on a half note (Arban's dotted study).
const PITCHES = 'F4 G4 A4 Bb4 C5 Bb4 A4 G4 A4 Bb4 C5 D5 C5 Bb4 A4 G4 A4 Bb4 C5 Bb4 A4 G4 A4 G4';
const items: LineItem[] = PITCHES.split(' ').map((n, i): LineItem => [
  n,
  i % 2 === 0 ? 0.75 : 0.25,
]);
const score = scoreFromLine([...items, ['F4', 2]], { title: 'Dotted', qpm: 80 });

/** Played from 1 s; `even`: each sixteenth on the half-beat, as two even eighths. */
function play(even: boolean): SynthNote[] {
  return score.notes.map((note) => {
    const short = note.durationQuarters === 0.25;
    const onsetMs = 1000 + note.startMs - (even && short ? 0.25 * BEAT_MS : 0);
    const lengthMs = even && note.durationQuarters < 1 ? 0.5 * BEAT_MS : note.durationMs;
    return { midi: concertMidiOf(score, note), onsetMs, durationMs: 0.9 * lengthMs };
  });
}

describe('a dotted rhythm', () => {
  it('played even: named as the rhythm; only the 16ths are early, nothing on the beat is off', () => {
    const result = assessPerformance(score, synthPerformance(play(true)));
    expect(dottedRhythmLine(score, result.notes)).toBe(
      'Your dotted rhythm is too even: make the 16th short and late.',
    );
    expect(dottedRhythmOf(score, result.notes)).toMatchObject({ pairs: 12, firstMeasure: '1' });
    expect(result.notes.map((n) => n.verdict)).toEqual(score.notes.map(() => 'played'));
    // Before: "Came in 296 ms late" on the first note, and every note late and early by turns.
    const timed = result.notes.filter((n) => n.reasons.some((r) => r.startsWith('Came in')));
    expect(timed.every((n) => score.notes[n.index]?.durationQuarters === 0.25)).toBe(true);
    expect(result.notes[0]?.reasons).toEqual([]);
    for (const n of timed) expect(n.reasons).toContain('Came in 188 ms early');
  });

  it('played as written: nothing to say', () => {
    const result = assessPerformance(score, synthPerformance(play(false)));
    expect(dottedRhythmLine(score, result.notes)).toBeNull();
    expect(dottedRhythmOf(score, result.notes)?.playedShare).toBeCloseTo(0.75, 1);
    expect(result.notes.flatMap((n) => n.flags)).toEqual([]);
  });

  it('says nothing where the music has no dotted pairs', () => {
    const even = scoreFromLine(
      PITCHES.split(' ').map((n): LineItem => [n, 0.5]),
      { qpm: 80 },
    );
    const result = assessPerformance(
      even,
      synthPerformance(
        even.notes.map((n) => ({
          midi: concertMidiOf(even, n),
          onsetMs: 1000 + n.startMs,
          durationMs: 0.9 * n.durationMs,
        })),
      ),
    );
    expect(dottedRhythmOf(even, result.notes)).toBeNull();
    expect(dottedRhythmLine(even, result.notes)).toBeNull();
  });
});
