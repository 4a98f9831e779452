import { describe, expect, it } from 'vitest';
import { createTapTempo } from './tap-tempo';

describe('tap tempo', () => {
  it('reads the median interval: one stumble does not move it', () => {
    const tapper = createTapTempo();
    const times = [0, 500, 1000, 1620, 2000, 2500];
    const results = times.map((t) => tapper.tap(t));
    expect(results[0]).toBeNull();
    expect(results[1]).toBe(120);
    expect(results[5]).toBe(120);
  });

  it('a long pause starts a new count; the result stays within 30..300', () => {
    const tapper = createTapTempo();
    tapper.tap(0);
    expect(tapper.tap(100)).toBe(300); // 600 bpm clamped
    expect(tapper.tap(5000)).toBeNull();
    expect(tapper.tap(6000)).toBe(60);
  });
});
