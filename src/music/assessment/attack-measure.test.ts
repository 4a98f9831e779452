import { describe, expect, it } from 'vitest';
import { attackCurve, measureAttack, REATTACK_DIP_DB, reattacked } from './attack-measure';
import type { PitchSample } from './scoring';

const TARGET = 440;
const hzAt = (cents: number): number => TARGET * 2 ** (cents / 1200);

/**
 * Synthetic frames of one note: silence before `onsetMs`, then `cents(t)` until `endMs`. `gapMs`
 * is the reading interval.
 */
function frames(options: {
  startMs?: number;
  onsetMs: number;
  endMs: number;
  cents: (tMs: number) => number;
  gapMs?: number;
  hz?: (tMs: number) => number;
}): PitchSample[] {
  const out: PitchSample[] = [];
  let t = options.startMs ?? options.onsetMs - 100;
  while (t < options.endMs) {
    const voiced = t >= options.onsetMs;
    out.push({
      timeMs: t,
      hz: voiced ? (options.hz ? options.hz(t) : hzAt(options.cents(t - options.onsetMs))) : 0,
    });
    t += options.gapMs ?? 23;
  }
  return out;
}

const base = { targetHz: TARGET, dueMs: 1000, noteMs: 500 };

describe('attackCurve', () => {
  it('is full up to 100 ms, graded after, 0 from 500 ms', () => {
    expect(attackCurve(90)).toBe(100);
    expect(attackCurve(300)).toBe(50);
    expect(attackCurve(500)).toBe(0);
    expect(attackCurve(900)).toBe(0);
  });
});

describe('measureAttack', () => {
  it('a note that speaks at once has full marks', () => {
    const result = measureAttack(frames({ onsetMs: 1000, endMs: 1450, cents: () => 2 }), {
      ...base,
      onsetsMs: [1003],
    });
    expect(result.score).toBe(100);
    expect(result.attackMs).toBeLessThan(30);
    expect(result.reattacked).toBeNull();
  });

  it('is measured from the stream onset nearest the due time, not the first frame', () => {
    // Long block-mode windows: the first frame on the note comes 60 ms after the real onset.
    const late = frames({ onsetMs: 1060, endMs: 1450, cents: () => 0, gapMs: 46 });
    expect(measureAttack(late, base).attackMs).toBe(0);
    // Readings at 960, 1006, 1052, 1098 ms: the first on the note (and stable) is 1098.
    expect(measureAttack(late, { ...base, onsetsMs: [400, 1001, 1040] }).attackMs).toBe(
      1098 - 1001,
    );
  });

  it('a scoop is a slow attack', () => {
    const result = measureAttack(
      frames({ onsetMs: 1000, endMs: 1450, cents: (t) => (t < 250 ? -45 + (t / 250) * 45 : 0) }),
      base,
    );
    expect(result.attackMs).toBeGreaterThan(150);
    expect(result.score).toBeLessThan(80);
  });

  it('is not measured on another note or on silence', () => {
    const wrong = frames({ onsetMs: 1000, endMs: 1450, cents: () => 0, hz: () => 493.88 });
    expect(measureAttack(wrong, base)).toEqual({ score: null, attackMs: null, reattacked: null });
    expect(measureAttack([], base).score).toBeNull();
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
    const result = measureAttack(change({}), slurred);
    expect(result.reattacked).toBe(false);
    expect(result.score).toBe(100);
  });
  it('a moment of no pitch at the same level is a slur (two notes blended in one window)', () => {
    expect(measureAttack(change({ gapMs: 20 }), slurred).reattacked).toBe(false);
  });
  it('a silent break before the note is a re-attack: at most half marks', () => {
    const result = measureAttack(change({ gapMs: 40, gapDb: -70 }), slurred);
    expect(result.reattacked).toBe(true);
    expect(result.score).toBeLessThanOrEqual(50);
  });
  it('a level dip of 6 dB under a sounding tail is a tongue; 2 dB is not', () => {
    expect(measureAttack(change({ dipDb: 6 }), slurred).reattacked).toBe(true);
    expect(measureAttack(change({ dipDb: 2 }), slurred).reattacked).toBe(false);
  });
  it('not checked when the note is not a slur', () => {
    expect(measureAttack(change({ gapMs: 40, gapDb: -70 }), base).reattacked).toBeNull();
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
