import { describe, expect, it } from 'vitest';
import { mainSlideOffset, summarizeAttempt } from './note-advice';
import { scoreNote } from './note-scores';
import type { PitchSample } from './scoring';

const TARGET = 440;
const base = { targetHz: TARGET, dueMs: 1000, noteMs: 500, bandCents: 15 };

/** One note, on time, held at `cents` (or at `hz`) from 1000 to 1450 ms. */
function note(cents: number, hz?: number) {
  const frames: PitchSample[] = [];
  for (let t = 900; t < 1450; t += 23) {
    frames.push({ timeMs: t, hz: t < 1000 ? 0 : (hz ?? TARGET * 2 ** (cents / 1200)) });
  }
  return scoreNote(frames, { ...base, onsetsMs: [1000] });
}

describe('issue 22 rows 11 and 12: the attempt summary as a teacher says it', () => {
  it('a clean attempt is "Well played."', () => {
    const clean = Array.from({ length: 8 }, () => note(0));
    expect(summarizeAttempt(clean).text).toMatch(/Well played\.$/);
  });

  it('never praises over a wrong, cracked or unheard note', () => {
    const wrong = note(0, 493.88); // B4 for an A4
    const attempt = [...Array.from({ length: 8 }, () => note(0)), wrong];
    expect(wrong.outcome).toBe('wrong');
    const text = summarizeAttempt(attempt).text;
    expect(text).toMatch(/Notes: 1 wrong\./);
    expect(text).not.toMatch(/Well played/);
    const missed = scoreNote([], base);
    expect(summarizeAttempt([...attempt.slice(0, 8), missed]).text).not.toMatch(/Well played/);
  });

  it('every note 14 ¢ sharp: "Everything is high … pull the main tuning slide", no praise', () => {
    const high = Array.from({ length: 15 }, () => note(14));
    const summary = summarizeAttempt(high);
    expect(summary.scores.pitch).toBe(100); // inside the band, note by note
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
