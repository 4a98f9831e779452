import { describe, expect, it } from 'vitest';
import { createCentsFollower, DAMPING_TIME_CONSTANT_MS, quantizeCents } from './cents-motion';
import { createLiveCents, HOLD_MS } from './live-cents';

const FRAME_MS = 1000 / 60;
/** Block mode: one reading per 4096 samples at 48 kHz. */
const READING_MS = 4096 / 48;
/** What the audio path adds before a reading reaches the page when the device is not busy. */
const DELAY_MS = 40;
const vibrato = (t: number) => 7 + 40 * Math.sin((2 * Math.PI * 5 * t) / 1000);

/**
 * Whole-cent moves per second of heavy damping's number on a ±40 ¢, 5 Hz vibrato, the readings
 * delivered every `gapsMs` (in turn) with all those heard meanwhile, as a busy device does.
 */
function heavyMovesPerS(gapsMs: readonly number[], apply: 'live' | 'on arrival'): number {
  const live = createLiveCents(DAMPING_TIME_CONSTANT_MS.heavy);
  const plain = createCentsFollower(DAMPING_TIME_CONSTANT_MS.heavy);
  live.jumpTo(vibrato(0), DELAY_MS);
  plain.jumpTo(vibrato(0), DELAY_MS);
  let stamped = READING_MS;
  let gap = 0;
  let deliverAt = DELAY_MS + gapsMs[0];
  let shown: number | null = null;
  let moves = 0;
  for (let t = DELAY_MS; t <= 13000; t += FRAME_MS) {
    if (t >= deliverAt) {
      for (; stamped + DELAY_MS <= t; stamped += READING_MS) {
        live.setTarget(vibrato(stamped), stamped, t);
        plain.setTarget(vibrato(stamped), t);
      }
      gap++;
      deliverAt = t + gapsMs[gap % gapsMs.length];
    }
    const before: number | null = shown;
    const value = apply === 'live' ? live.valueAt(t) : plain.valueAt(t);
    shown = quantizeCents(value, shown, 1, 1);
    if (t > 3000 && before !== null && shown !== before) moves++;
  }
  return moves / 10;
}

describe('live cents: readings applied as of when they were heard', () => {
  it('heavy damping holds a vibrato still whether its readings come on time or in bursts', () => {
    const onTime = [READING_MS];
    const busy = [170, 425, 256, 341, 170, 400];
    expect(heavyMovesPerS(onTime, 'live')).toBeLessThan(0.5);
    expect(heavyMovesPerS(busy, 'live')).toBeLessThan(0.5);
    // What the tuner did before: each burst applied on arrival, the vibrato sampled at the burst
    // rate; the alias passes heavy damping and the number wanders (the measure can fail).
    expect(heavyMovesPerS(busy, 'on arrival')).toBeGreaterThan(2);
  });

  it('an on-time reading lands now; a burst lands where each was heard', () => {
    const live = createLiveCents(DAMPING_TIME_CONSTANT_MS.none);
    live.jumpTo(0, 1000);
    live.setTarget(10, 1000 - DELAY_MS + 10, 1010); // on time: delay 40 ms
    expect(live.valueAt(1200)).toBeCloseTo(10, 0); // within HOLD_MS of it
    // Three readings heard 85 ms apart delivered together: the last one, heard just now, decides.
    live.setTarget(20, 1100, 1400);
    live.setTarget(30, 1185, 1400);
    live.setTarget(-5, 1360, 1400);
    expect(Math.abs(live.valueAt(1400 + 200) - -5)).toBeLessThan(1);
  });

  it('in a gap the needle waits at most HOLD_MS past the last reading heard', () => {
    const live = createLiveCents(DAMPING_TIME_CONSTANT_MS.heavy);
    live.jumpTo(0, 0);
    live.setTarget(30, 0, 0);
    const atHold = live.valueAt(HOLD_MS);
    expect(atHold).toBeGreaterThan(0);
    expect(live.valueAt(HOLD_MS + 500)).toBe(atHold);
    // The next reading lets it move on.
    live.setTarget(30, 600, 600);
    expect(live.valueAt(600 + HOLD_MS)).toBeGreaterThan(atHold);
  });

  it('a stamp that does not move on, or is over a second behind, is applied on arrival', () => {
    const live = createLiveCents(DAMPING_TIME_CONSTANT_MS.none);
    live.jumpTo(0, 0);
    live.setTarget(10, 500, 500);
    live.setTarget(20, 500, 2000); // the same stamp again
    expect(live.valueAt(2000 + 200)).toBeCloseTo(20, 0);
    live.reset();
    live.setTarget(30, 2600, 2600);
    live.setTarget(40, 2700, 4000); // 1.3 s late: stale
    expect(live.valueAt(4000 + 60)).toBeGreaterThan(39);
  });
});
