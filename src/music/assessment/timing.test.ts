/**
 * Timing that follows music (issue 37, U7 and "free-tempo timing that follows music"): with a
 * given tempo the grid starts where the player's first notes do and a take at another tempo is
 * its tempo, not every note late; without one, rubato over long notes and breaths at phrase ends
 * draw no late/early flags, while a single late note still does. Judged on what a player reads.
 */
import { describe, expect, it } from 'vitest';
import { assessPerformance, concertMidiOf } from './assessor';
import type { AttemptAssessment } from './assessment-types';
import { tempoLine } from './played-tempo';
import { synthPerformance, type SynthNote } from './testing/synthetic-performance';
import { scoreFromLine, type LineItem } from '../score/score-build';
import type { Score } from '../score/score-model';
import type { TimingReference } from './timing';

/** Seeded ±8 ms: a player's onsets are never exact. */
const jitterMs = (i: number): number => (((i * 7919) % 17) / 16 - 0.5) * 16;

/** The score played from 1 s at `time(written ms)`, each note 90 % of its played length. */
function play(
  score: Score,
  time: (ms: number) => number = (ms) => ms,
  edit: (n: SynthNote, i: number) => SynthNote = (n) => n,
): SynthNote[] {
  return score.notes.map((note, i) => {
    const onsetMs = 1000 + time(note.startMs) + jitterMs(i);
    const endMs = 1000 + time(note.startMs + note.durationMs);
    return edit(
      { midi: concertMidiOf(score, note), onsetMs, durationMs: 0.9 * (endMs - onsetMs) },
      i,
    );
  });
}

const assess = (score: Score, notes: SynthNote[], timing?: TimingReference): AttemptAssessment =>
  assessPerformance(score, synthPerformance(notes), timing ? { timing } : {});

/** "3 Came in 150 ms late" for every note named late or early. */
const timingReasons = (result: AttemptAssessment): string[] =>
  result.notes.flatMap((n) =>
    n.reasons.filter((r) => r.startsWith('Came in')).map((r) => `${n.index} ${r}`),
  );

/** Tempo rising (or falling) linearly in written time from ×1 to ×`to` over `totalMs`. */
const ramp =
  (totalMs: number, to: number) =>
  (ms: number): number => {
    const k = (to - 1) / totalMs;
    return Math.log(1 + k * ms) / k;
  };

// A march in quarters at ♩=120, 8 bars (Yankee Doodle's shape).
const march = scoreFromLine(
  'G4 G4 A4 B4 G4 B4 A4 D4 G4 G4 A4 B4 G4 F#4 G4 G4 A4 B4 C5 B4 A4 G4 F#4 D4 E4 F#4 G4 G4 G4 A4 B4 G4'
    .split(' ')
    .map((n): LineItem => [n, 1]),
  { title: 'March', qpm: 120 },
);

// A hymn in 3/4 at ♩=80, 16 bars of half + quarter and dotted halves (Amazing Grace's shape).
const HYMN_BAR: LineItem[][] = [
  [
    ['G4', 2],
    ['B4', 1],
  ],
  [
    ['A4', 2],
    ['G4', 1],
  ],
  [
    ['E4', 2],
    ['D4', 1],
  ],
  [['D4', 3]],
];
const hymn = scoreFromLine(Array.from({ length: 16 }, (_, k) => HYMN_BAR[k % 4]).flat(), {
  title: 'Hymn',
  qpm: 80,
  time: { beats: 3, beatType: 4 },
});
const HYMN_BAR_MS = 3 * 750;

/** A smooth ±`depth` tempo swell with a period of `bars` bars: played ms for written ms. */
function swell(depth: number, bars: number): (ms: number) => number {
  const periodMs = bars * HYMN_BAR_MS;
  return (ms) => {
    let t = 0;
    for (let w = 0; w < ms; w += 5) {
      const step = Math.min(5, ms - w);
      t += step / (1 + depth * Math.sin((2 * Math.PI * (w + step / 2)) / periodMs));
    }
    return t;
  };
}

describe('with a given tempo (a recording said to be at ♩=120)', () => {
  const total = march.notes[march.notes.length - 1]?.startMs ?? 0;

  it('does not blame the on-time first note of an accelerando; says the tempo instead', () => {
    const result = assess(march, play(march, ramp(total, 133 / 120)), { kind: 'tempo', qpm: 120 });
    // Before: "G4 in bar 1 came in 167 ms late" on the first note, and every note late or early.
    expect(timingReasons(result)).toEqual([]);
    expect(tempoLine(result.playedTempo)).toBe(
      'You sped up from ♩=120 to about ♩=133: keep the pulse.',
    );
  });

  it('says a slow take is slow, not "came in 1873 ms early"', () => {
    const result = assess(
      march,
      play(march, (ms) => ms * 1.25),
      { kind: 'tempo', qpm: 120 },
    );
    expect(timingReasons(result)).toEqual([]);
    expect(tempoLine(result.playedTempo)).toBe('You played at ♩≈96; the marking is 120.');
  });

  it('still names the one note 150 ms late in a take at the tempo, and nothing else', () => {
    const result = assess(
      march,
      play(march, undefined, (n, i) =>
        i === 9 ? { ...n, onsetMs: n.onsetMs + 150, durationMs: n.durationMs - 150 } : n,
      ),
      { kind: 'tempo', qpm: 120 },
    );
    expect(timingReasons(result)).toEqual([expect.stringMatching(/^9 Came in 1[45]\d ms late$/)]);
    expect(tempoLine(result.playedTempo)).toBeNull();
  });
});

describe('without a tempo (the beat the player keeps)', () => {
  it('follows a hymn’s ±10 % tempo swell every few bars: at most 10 % of notes flagged', () => {
    for (const bars of [3, 4, 6]) {
      const result = assess(hymn, play(hymn, swell(0.1, bars)));
      const flagged = timingReasons(result);
      // Before: 21 of the 28 notes were named late or early (a swell every 3 bars).
      expect(
        flagged.length,
        `a swell every ${bars} bars: ${flagged.join('; ')}`,
      ).toBeLessThanOrEqual(0.1 * hymn.notes.length);
      expect(tempoLine(result.playedTempo)).toBeNull();
    }
  });

  it('lets the player breathe at the end of each 4-bar phrase (300 ms taken)', () => {
    const phraseMs = 4 * HYMN_BAR_MS;
    const breathing = (ms: number): number => ms + 300 * Math.floor((ms + 1) / phraseMs);
    const result = assess(
      hymn,
      play(hymn, (ms) => swell(0.06, 4)(breathing(ms))),
    );
    expect(timingReasons(result)).toEqual([]);
  });

  it('still names one note 150 ms late in the hymn, and nothing else', () => {
    const result = assess(
      hymn,
      play(hymn, undefined, (n, i) =>
        i === 13 ? { ...n, onsetMs: n.onsetMs + 150, durationMs: n.durationMs - 150 } : n,
      ),
    );
    expect(timingReasons(result)).toEqual([expect.stringMatching(/^13 Came in 1[45]\d ms late$/)]);
  });
});
