import { describe, expect, it } from 'vitest';
import {
  attackCurve,
  overallOf,
  pitchCurve,
  REATTACK_DIP_DB,
  reattacked,
  scoreNote,
  steadinessCurve,
  timingCurve,
} from './note-scores';
import { noteAdvice, summarizeAttempt } from './note-advice';
import type { PitchSample } from './scoring';

const TARGET = 440;
const hzAt = (cents: number): number => TARGET * 2 ** (cents / 1200);

/**
 * Synthetic frames of one note: silence before `onsetMs`, then `cents(t)` until `endMs`. `gapMs`
 * is the reading interval; `irregular` mimics fast mode (bursts of 5 ms readings, then 40 ms gaps).
 */
function frames(options: {
  startMs?: number;
  onsetMs: number;
  endMs: number;
  cents: (tMs: number) => number;
  gapMs?: number;
  irregular?: boolean;
  hz?: (tMs: number) => number;
}): PitchSample[] {
  const out: PitchSample[] = [];
  let t = options.startMs ?? options.onsetMs - 100;
  let k = 0;
  while (t < options.endMs) {
    const voiced = t >= options.onsetMs;
    out.push({
      timeMs: t,
      hz: voiced ? (options.hz ? options.hz(t) : hzAt(options.cents(t - options.onsetMs))) : 0,
    });
    k++;
    t += options.irregular ? (k % 4 === 0 ? 40 : 5) : (options.gapMs ?? 23);
  }
  return out;
}

const base = { targetHz: TARGET, dueMs: 1000, noteMs: 500, bandCents: 15 };

describe('graded curves', () => {
  it('pitch is full inside the band and falls to 0 at a quarter tone', () => {
    expect(pitchCurve(0, 15)).toBe(100);
    expect(pitchCurve(-15, 15)).toBe(100);
    expect(pitchCurve(30, 15)).toBe(57);
    expect(pitchCurve(50, 15)).toBe(0);
    expect(pitchCurve(12, 10)).toBeGreaterThan(90);
  });
  it('timing is full within 50 ms and never negative', () => {
    expect(timingCurve(40, 1000)).toBe(100);
    expect(timingCurve(-407, 1000)).toBe(0);
    expect(timingCurve(225, 1000)).toBe(50);
    expect(timingCurve(5000, 1000)).toBe(0);
  });
  it('steadiness and attack are graded, not pass/fail', () => {
    expect(steadinessCurve(3)).toBe(100);
    expect(steadinessCurve(17)).toBe(50);
    expect(attackCurve(90)).toBe(100);
    expect(attackCurve(300)).toBe(50);
  });
  it('a note locked in tune but far off the beat still scores well over 0', () => {
    expect(overallOf({ pitch: 100, timing: 0, steadiness: 100, articulation: 100 })).toBe(75);
  });
});

describe('scoreNote', () => {
  it('an in-tune note on the beat scores 100 for pitch and timing', () => {
    const result = scoreNote(frames({ onsetMs: 1000, endMs: 1450, cents: () => 2 }), {
      ...base,
      onsetsMs: [1003],
    });
    expect(result.outcome).toBe('played');
    expect(result.scores.pitch).toBe(100);
    expect(result.scores.timing).toBe(100);
    expect(result.timingMs).toBe(3);
    expect(result.overall).toBeGreaterThanOrEqual(95);
  });

  it('30 ¢ sharp costs pitch, not timing', () => {
    const inTune = scoreNote(frames({ onsetMs: 1010, endMs: 1450, cents: () => 0 }), base);
    const sharp = scoreNote(frames({ onsetMs: 1010, endMs: 1450, cents: () => 30 }), base);
    expect(sharp.outcome).toBe('played');
    expect(sharp.scores.pitch).toBeLessThanOrEqual(60);
    expect(sharp.scores.timing).toBe(inTune.scores.timing);
    expect(Math.round(sharp.medianCents ?? 0)).toBe(30);
  });

  it('a steady tone 12 ¢ sharp does not score below a wobbling one in tune', () => {
    const steady = scoreNote(frames({ onsetMs: 1000, endMs: 1450, cents: () => 12 }), base);
    const wobbling = scoreNote(
      frames({ onsetMs: 1000, endMs: 1450, cents: (t) => 25 * Math.sin((2 * Math.PI * t) / 160) }),
      base,
    );
    expect(steady.overall).toBeGreaterThan(wobbling.overall);
    expect(wobbling.scores.steadiness).toBeLessThan(50);
  });

  it('timing comes from the stream onset, not the first frame', () => {
    // Long block-mode windows: the first frame on the note comes 60 ms after the real onset.
    const result = scoreNote(frames({ onsetMs: 1060, endMs: 1450, cents: () => 0, gapMs: 46 }), {
      ...base,
      onsetsMs: [400, 1001],
    });
    expect(result.timingMs).toBe(1);
  });

  it('fast mode irregular arrival weighs readings by time, not count', () => {
    // A 5 ms burst of sharp frames every 40 ms must not pull the pitch: time decides.
    const result = scoreNote(
      frames({
        onsetMs: 1000,
        endMs: 1450,
        cents: () => 0,
        irregular: true,
        hz: (t) => hzAt(Math.floor((t - 1000) / 5) % 9 < 3 ? 0 : 2),
      }),
      base,
    );
    expect(result.scores.pitch).toBe(100);
    const even = scoreNote(frames({ onsetMs: 1000, endMs: 1450, cents: () => 0 }), base);
    const irregular = scoreNote(
      frames({ onsetMs: 1000, endMs: 1450, cents: () => 0, irregular: true }),
      base,
    );
    expect(irregular.overall).toBe(even.overall);
  });

  it('a scoop is a slow attack: articulation drops, pitch does not', () => {
    const result = scoreNote(
      frames({ onsetMs: 1000, endMs: 1450, cents: (t) => (t < 250 ? -45 + (t / 250) * 45 : 0) }),
      base,
    );
    expect(result.scores.pitch).toBe(100);
    expect(result.attackMs).toBeGreaterThan(150);
    expect(result.scores.articulation).toBeLessThan(80);
  });

  it('a wrong note is reported as heard, with no pitch credit', () => {
    const result = scoreNote(
      frames({ onsetMs: 1000, endMs: 1450, cents: () => 0, hz: () => 493.88 }),
      base,
    );
    expect(result.outcome).toBe('wrong');
    expect(result.overall).toBe(0);
    expect(result.heardHz).toBeCloseTo(493.88, 1);
    expect(noteAdvice(result, { target: 'A4', heard: 'B4' })).toBe('Heard B4, not A4.');
  });

  it('landing on a neighbouring partial is a crack', () => {
    const result = scoreNote(
      frames({ onsetMs: 1000, endMs: 1450, cents: () => 0, hz: () => 660 }),
      { ...base, otherHz: [330, 660] },
    );
    expect(result.outcome).toBe('cracked');
  });

  it('silence is a miss', () => {
    expect(scoreNote(frames({ onsetMs: 5000, endMs: 1450, cents: () => 0 }), base).outcome).toBe(
      'missed',
    );
  });

  it('rejects a band outside 1..50 ¢ with the range', () => {
    expect(() => scoreNote([], { ...base, bandCents: 0 })).toThrow(/from 1 to 50/);
  });
});

describe('advice and summary', () => {
  const sharp = scoreNote(frames({ onsetMs: 1000, endMs: 1450, cents: () => 30 }), base);
  const late = scoreNote(frames({ onsetMs: 1200, endMs: 1450, cents: () => 0 }), base);
  it('says the weakest thing in one line', () => {
    expect(noteAdvice(sharp, { target: 'A4', heard: 'A4' })).toBe(
      '30 ¢ sharp: relax, open the aperture.',
    );
    expect(noteAdvice(late, { target: 'A4', heard: 'A4' })).toMatch(/^2\d\d ms late/);
  });
  it('summarises an attempt with mean sub-scores and what to work on', () => {
    const summary = summarizeAttempt([late, late, sharp]);
    expect(summary.scores.pitch).toBe(Math.round((100 + 100 + 57) / 3));
    expect(summary.text).toMatch(/Work on timing: on average \d+ ms late \(dragging\)\./);
    const wrong = scoreNote(
      frames({ onsetMs: 1000, endMs: 1450, cents: () => 0, hz: () => 493.88 }),
      base,
    );
    const mostlyWrong = summarizeAttempt([late, wrong, wrong]);
    expect(mostlyWrong.scores.pitch).toBe(33);
    expect(mostlyWrong.text).toMatch(/Many notes were not the written ones.*Notes: 2 wrong\./);
    const missed = scoreNote([], base);
    expect(summarizeAttempt([missed]).text).toMatch(/No note was heard.*1 not heard/);
  });
});

describe('slurred or tongued', () => {
  /**
   * The note before (a tone lower) until 1000 ms, then the target. `gapMs` before the change reads
   * no pitch at `gapDb` (a blend in a slur keeps the level; a tongue's silence drops it); `dipDb`
   * lowers the level 40 ms before the change (a tongue stroke under a sounding tail).
   */
  const change = (options: { gapMs?: number; gapDb?: number; dipDb?: number }): PitchSample[] => {
    const out: PitchSample[] = [];
    for (let t = 700; t < 1450; t += 10) {
      const inGap = t >= 1000 - (options.gapMs ?? 0) && t < 1000;
      const dip = t >= 960 && t < 1000 ? (options.dipDb ?? 0) : 0;
      out.push({
        timeMs: t,
        hz: inGap ? 0 : t < 1000 ? hzAt(-200) : TARGET,
        levelDb: inGap ? (options.gapDb ?? -20) : -20 - dip,
      });
    }
    return out;
  };
  const slurred = { ...base, expect: 'slurred' as const };
  it('a clean slur keeps full articulation', () => {
    const result = scoreNote(change({}), slurred);
    expect(result.reattacked).toBe(false);
    expect(result.scores.articulation).toBe(100);
  });
  it('a moment of no pitch at the same level is a slur (two notes blended in one window)', () => {
    expect(scoreNote(change({ gapMs: 20 }), slurred).reattacked).toBe(false);
  });
  it('a silent break before the note is a re-attack, and the advice says so', () => {
    const result = scoreNote(change({ gapMs: 40, gapDb: -70 }), slurred);
    expect(result.reattacked).toBe(true);
    expect(result.scores.articulation).toBeLessThanOrEqual(50);
    expect(noteAdvice(result, { target: 'A4', heard: 'A4' })).toMatch(/^Tongued, not slurred/);
  });
  it('a level dip of 6 dB under a sounding tail is a tongue; 2 dB is not', () => {
    expect(scoreNote(change({ dipDb: 6 }), slurred).reattacked).toBe(true);
    expect(scoreNote(change({ dipDb: 2 }), slurred).reattacked).toBe(false);
  });
  it('not checked when the note is not a slur', () => {
    expect(scoreNote(change({ gapMs: 40, gapDb: -70 }), base).reattacked).toBeNull();
  });
});

describe("reattacked, from the stream's level dips", () => {
  const frames = [{ timeMs: 900, hz: 440, levelDb: -20 }];
  const cases: { dip: { attackMs: number; depthDb: number } | null; says: boolean; why: string }[] =
    [
      { dip: null, says: false, why: 'no dip at all (a slur)' },
      { dip: { attackMs: 1005, depthDb: 7 }, says: true, why: 'a 7 dB stroke at the onset' },
      {
        dip: { attackMs: 1005, depthDb: REATTACK_DIP_DB },
        says: true,
        why: 'exactly the threshold',
      },
      { dip: { attackMs: 1005, depthDb: 3.7 }, says: false, why: "a slur's crossfade (3.7 dB)" },
      { dip: { attackMs: 1075, depthDb: 8 }, says: true, why: '75 ms after a block-mode estimate' },
      { dip: { attackMs: 1200, depthDb: 8 }, says: false, why: 'a stroke on the next note' },
      { dip: { attackMs: 850, depthDb: 8 }, says: false, why: 'a stroke on the note before' },
    ];
  for (const { dip, says, why } of cases) {
    it(`${why}: ${says ? 'tongued' : 'slurred'}`, () => {
      expect(reattacked(frames, 1000, dip ? [dip] : [])).toBe(says);
    });
  }

  it('the dips, when given, decide (the window levels are for streams without them)', () => {
    // Window levels dipping 10 dB but no dip from the fine envelope: slurred.
    const dipping = [
      { timeMs: 800, hz: 440, levelDb: -20 },
      { timeMs: 1000, hz: 494, levelDb: -30 },
    ];
    expect(reattacked(dipping, 1000)).toBe(true);
    expect(reattacked(dipping, 1000, [])).toBe(false);
  });
});
