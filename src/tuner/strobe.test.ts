import { describe, expect, it } from 'vitest';
import {
  advanceDrift,
  bandOffsetPx,
  STROBE_BAND_SPEEDS,
  STROBE_PERIOD_PX,
  strobeSpeedPxPerS,
} from './strobe';

describe('strobe motion', () => {
  it('stands still in tune and drifts right when sharp, left when flat, in proportion', () => {
    expect(advanceDrift(10, 0, 16)).toBe(10);
    expect(strobeSpeedPxPerS(5)).toBeGreaterThan(0);
    expect(strobeSpeedPxPerS(-5)).toBe(-strobeSpeedPxPerS(5));
    expect(strobeSpeedPxPerS(20)).toBe(4 * strobeSpeedPxPerS(5));
    // One second of frames at +10 ¢ moves the middle band 10 × the per-cent speed.
    let drift = 0;
    for (let i = 0; i < 60; i += 1) drift = advanceDrift(drift, 10, 1000 / 60);
    expect(drift).toBeCloseTo(strobeSpeedPxPerS(10), 6);
  });

  it('never leaps after a stalled frame (at most 100 ms per frame)', () => {
    expect(advanceDrift(0, 10, 5000)).toBeCloseTo(strobeSpeedPxPerS(10) * 0.1, 6);
    expect(advanceDrift(0, 10, -20)).toBe(0);
  });

  it('draws each band at an offset inside one period, faster bands moving further', () => {
    for (const drift of [-1000.5, -33, -1, 0, 1, 31.9, 32, 777]) {
      for (const speed of STROBE_BAND_SPEEDS) {
        const offset = bandOffsetPx(drift, speed);
        expect(offset).toBeGreaterThanOrEqual(0);
        expect(offset).toBeLessThan(STROBE_PERIOD_PX);
      }
    }
    expect(bandOffsetPx(4, 2)).toBe(8);
    expect(bandOffsetPx(4, 0.5)).toBe(2);
    expect(bandOffsetPx(-4, 1)).toBe(STROBE_PERIOD_PX - 4);
  });
});
