import { describe, expect, it } from 'vitest';
import {
  crackCost,
  MAX_BAND_CENTS,
  MAX_POINTS_PER_10_MS,
  MAX_POINTS_PER_CENT,
  MIN_BAND_CENTS,
  pitchScore,
  steadinessScore,
  timingScore,
  validateBandCents,
} from './curves';

/** Largest change between neighbours on a fine grid, and whether it never rises. */
function walk(
  f: (x: number) => number,
  to: number,
  step: number,
): { maxStep: number; monotone: boolean } {
  let maxStep = 0;
  let monotone = true;
  let previous = f(0);
  for (let x = step; x <= to + 1e-9; x += step) {
    const value = f(x);
    maxStep = Math.max(maxStep, Math.abs(value - previous));
    if (value > previous + 1e-9) monotone = false;
    previous = value;
  }
  return { maxStep, monotone };
}

describe('assessment curves', () => {
  it('pitch: continuous, monotone, at most 3 points per cent at every band, sharp and flat alike', () => {
    for (let band = MIN_BAND_CENTS; band <= MAX_BAND_CENTS; band += 1) {
      const up = walk((c) => pitchScore(c, band), 100, 0.1);
      expect(up.monotone).toBe(true);
      expect(up.maxStep / 0.1).toBeLessThanOrEqual(MAX_POINTS_PER_CENT + 1e-9);
      expect(pitchScore(-17, band)).toBe(pitchScore(17, band));
      expect(pitchScore(band / 2, band)).toBe(100);
    }
    // The old cliff: ±10 ¢ band, a steady tone at +9.5 and +10.5 ¢.
    expect(pitchScore(9.5, 10) - pitchScore(10.5, 10)).toBeLessThanOrEqual(3);
    expect(pitchScore(45, 10)).toBe(0);
  });

  it('timing: full marks within 30 ms, then at most 3 points per 10 ms, early and late alike', () => {
    const t = walk(timingScore, 1000, 1);
    expect(t.monotone).toBe(true);
    expect(t.maxStep * 10).toBeLessThanOrEqual(MAX_POINTS_PER_10_MS + 1e-9);
    expect(timingScore(30)).toBe(100);
    expect(timingScore(-150)).toBe(timingScore(150));
    expect(timingScore(150)).toBeGreaterThan(60);
  });

  it('steadiness: a wobble costs points even centred; a crack costs at most 2 per 10 ms', () => {
    const s = walk((c) => steadinessScore(c), 80, 0.1);
    expect(s.monotone).toBe(true);
    expect(s.maxStep / 0.1).toBeLessThanOrEqual(MAX_POINTS_PER_CENT);
    expect(steadinessScore(3)).toBe(100);
    expect(steadinessScore(17.7)).toBeLessThan(70); // a ±25 ¢ sine wobble
    const c = walk((ms) => steadinessScore(0, ms), 1000, 1);
    expect(c.monotone).toBe(true);
    expect(c.maxStep * 10).toBeLessThanOrEqual(2 + 1e-9);
    expect(crackCost(10_000)).toBe(70);
  });

  it('refuses a band outside 1..50 cents, naming the range', () => {
    expect(() => validateBandCents(0.5)).toThrow('band must be 1..50 cents, got 0.5');
    expect(() => validateBandCents(Number.NaN)).toThrow(RangeError);
    expect(validateBandCents(25)).toBe(25);
  });
});
