import { describe, expect, it } from 'vitest';
import { mainSlideOffset, mainSlideThresholdCents, summarizeAttempt } from './note-advice';
import type { NoteOutcomeKind, NoteScore } from './note-scores';

/**
 * One note as the results read it (`asNoteScore`'s shape): played on time and steady, held at
 * `cents` from the written note; a wrong note heard as B4 for A4; a missed note heard as nothing.
 */
function note(cents: number, outcome: NoteOutcomeKind = 'played'): NoteScore {
  const played = outcome === 'played';
  const heard = outcome === 'missed' ? null : 0;
  return {
    outcome,
    scores: {
      pitch: played ? (Math.abs(cents) <= 15 ? 100 : 50) : heard,
      timing: played ? 100 : heard,
      steadiness: played ? 100 : heard,
      articulation: played ? 100 : null,
    },
    overall: played ? 100 : 0,
    heardHz: outcome === 'missed' ? null : outcome === 'wrong' ? 493.88 : 440 * 2 ** (cents / 1200),
    medianCents: played ? cents : null,
    spreadCents: null,
    timingMs: played ? 0 : null,
    attackMs: played ? 40 : null,
  };
}

describe('issue 22 rows 11 and 12: the attempt summary as a teacher says it', () => {
  it('a clean attempt is "Well played."', () => {
    const clean = Array.from({ length: 8 }, () => note(0));
    expect(summarizeAttempt(clean).text).toMatch(/Well played\.$/);
  });

  it('never praises over a wrong, cracked or unheard note', () => {
    const wrong = note(0, 'wrong');
    const attempt = [...Array.from({ length: 8 }, () => note(0)), wrong];
    const text = summarizeAttempt(attempt).text;
    expect(text).toMatch(/Notes: 1 wrong\./);
    expect(text).not.toMatch(/Well played/);
    const missed = note(0, 'missed');
    expect(summarizeAttempt([...attempt.slice(0, 8), missed]).text).not.toMatch(/Well played/);
  });

  it('every note 14 ¢ sharp: "Everything is high … pull the main tuning slide", no praise', () => {
    const high = Array.from({ length: 15 }, () => note(14));
    const summary = summarizeAttempt(high);
    expect(summary.mainSlideCents).toBeCloseTo(14, 0);
    expect(summary.text).toMatch(
      /Everything is high \(median \+14 ¢\): pull the main tuning slide out a little\./,
    );
    expect(summary.text).not.toMatch(/Well played/);
    const low = summarizeAttempt(Array.from({ length: 15 }, () => note(-12)));
    expect(low.text).toMatch(/Everything is low \(median −12 ¢\): push the main tuning slide in/);
  });

  it('no main-slide line for a centred attempt, a mixed one, or too few notes', () => {
    expect(mainSlideOffset(Array.from({ length: 8 }, () => note(5)))).toBeNull();
    const mixed = [14, -14, 14, -14, 14, -14].map((c) => note(c));
    expect(mainSlideOffset(mixed)).toBeNull();
    expect(mainSlideOffset([note(20), note(20)])).toBeNull();
    // One stray flat note among sharp ones still reads as a sharp horn (median, 3 in 4).
    expect(mainSlideOffset([14, 14, 14, 14, 14, 14, 14, -20].map((c) => note(c)))).toBeCloseTo(
      14,
      0,
    );
  });
});

describe('the main-slide line follows the band (issue 37, U8)', () => {
  const all = (cents: number) => Array.from({ length: 12 }, () => note(cents));

  it('asks for more than half the band, and never less than the tuner’s ±5 ¢', () => {
    expect([3, 5, 10, 15, 20, 30].map(mainSlideThresholdCents)).toEqual([5, 5, 5, 7.5, 10, 15]);
  });

  it('at the moving-note band ±15 ¢ a tune +7 ¢ throughout gets no slide line; +9 ¢ does', () => {
    expect(mainSlideOffset(all(7), 15)).toBeNull();
    expect(summarizeAttempt(all(7), null, 15).text).not.toMatch(/slide/);
    expect(mainSlideOffset(all(9), 15)).toBeCloseTo(9, 5);
  });

  it('at the tuner’s ±5 ¢ a +6 ¢ lean (every note flagged) is the main slide’s, not one note’s', () => {
    expect(mainSlideOffset(all(6), 5)).toBeCloseTo(6, 5);
    expect(summarizeAttempt(all(6), null, 5).text).toMatch(
      /Everything is high \(median \+6 ¢\): pull the main tuning slide out a little\./,
    );
    // A wide band wants a bigger lean: lip slurs at ±20 ¢ are not told about 9 ¢.
    expect(mainSlideOffset(all(9), 20)).toBeNull();
  });
});
