import { describe, expect, it } from 'vitest';
import {
  DAMPING_LEVELS,
  DAMPING_TIME_CONSTANT_MS,
  createCentsFollower,
  createSteadiness,
  quantizeCents,
  STEADY_READINGS,
} from './cents-motion';

const FRAME_MS = 1000 / 60;

/** Feeds a cents curve as readings every `readingMs` and samples the follower at 60 frames/s. */
function follow(
  timeConstantMs: number,
  curve: (timeMs: number) => number,
  durationMs: number,
  readingMs = 4096 / 48, // block mode: one reading per 4096 samples at 48 kHz
): { t: number; v: number }[] {
  const follower = createCentsFollower(timeConstantMs);
  follower.jumpTo(curve(0), 0);
  const frames: { t: number; v: number }[] = [];
  let nextReading = readingMs;
  for (let t = 0; t <= durationMs; t += FRAME_MS) {
    while (nextReading <= t) {
      follower.setTarget(curve(nextReading), nextReading);
      nextReading += readingMs;
    }
    frames.push({ t, v: follower.valueAt(t) });
  }
  return frames;
}

const vibrato =
  (rateHz: number, depthCents: number, centre = 0) =>
  (t: number) =>
    centre + depthCents * Math.sin((2 * Math.PI * rateHz * t) / 1000);

describe('cents follower', () => {
  it('refuses a time constant outside (0, 5000] ms, naming the range', () => {
    expect(() => createCentsFollower(0)).toThrow(/\(0, 5000\] ms/);
    expect(() => createCentsFollower(Number.NaN)).toThrow(/\(0, 5000\] ms/);
  });

  it('glides without overshoot and settles on a step within 7 time constants, at every damping', () => {
    for (const level of DAMPING_LEVELS) {
      const tau = DAMPING_TIME_CONSTANT_MS[level];
      const follower = createCentsFollower(tau);
      follower.jumpTo(0, 0);
      follower.setTarget(20, 0);
      let previous = 0;
      for (let t = FRAME_MS; t < 7 * tau; t += FRAME_MS) {
        const value = follower.valueAt(t);
        expect(value, `${level} at ${t.toFixed(0)} ms`).toBeGreaterThanOrEqual(previous);
        expect(value).toBeLessThanOrEqual(20);
        previous = value;
      }
      expect(follower.valueAt(7 * tau), level).toBeGreaterThan(19.8);
      expect(follower.settledAt(12 * tau), level).toBe(true);
    }
  });

  it('without damping the needle is within 1 ¢ of a 20 ¢ step by the next reading (no visible lag)', () => {
    const follower = createCentsFollower(DAMPING_TIME_CONSTANT_MS.none);
    follower.jumpTo(0, 0);
    follower.setTarget(20, 0);
    expect(follower.valueAt(4096 / 48)).toBeGreaterThan(19);
  });

  it('a new note jumps: nothing of the last note is carried over', () => {
    const follower = createCentsFollower(DAMPING_TIME_CONSTANT_MS.heavy);
    follower.jumpTo(-40, 0);
    follower.setTarget(-40, 100);
    follower.jumpTo(12, 200);
    expect(follower.valueAt(200)).toBe(12);
    expect(follower.valueAt(500)).toBe(12);
  });

  // The shared corpus's vibrato files: 4.5 Hz ±30 ¢, 6.5 Hz ±15 ¢, 5 Hz ±40 ¢ (../shared/audio).
  const VIBRATOS: [number, number][] = [
    [4.5, 30],
    [6.5, 15],
    [5, 40],
  ];

  it('heavy damping holds a vibrato to within ±1 ¢ of its centre once settled; none follows it', () => {
    for (const [rateHz, depth] of VIBRATOS) {
      const heavy = follow(DAMPING_TIME_CONSTANT_MS.heavy, vibrato(rateHz, depth, 7), 6000).filter(
        (frame) => frame.t > 3000,
      );
      const spread = (frames: { v: number }[]) =>
        Math.max(...frames.map((f) => f.v)) - Math.min(...frames.map((f) => f.v));
      expect(spread(heavy), `${rateHz} Hz ±${depth}`).toBeLessThan(2);
      for (const frame of heavy) expect(Math.abs(frame.v - 7)).toBeLessThan(1);
      const none = follow(DAMPING_TIME_CONSTANT_MS.none, vibrato(rateHz, depth, 7), 6000).filter(
        (frame) => frame.t > 3000,
      );
      expect(spread(none)).toBeGreaterThan(depth);
    }
  });

  it('readings delivered late, in bursts, move the needle as if they had come on time', () => {
    // A busy device: block readings (every 85 ms) reach the page in bursts every 170–425 ms.
    const readingMs = 4096 / 48;
    const curve = vibrato(5, 40, 7);
    const gapsMs = [170, 425, 256, 341, 170, 400];
    for (const level of DAMPING_LEVELS) {
      const onTime = createCentsFollower(DAMPING_TIME_CONSTANT_MS[level]);
      const late = createCentsFollower(DAMPING_TIME_CONSTANT_MS[level]);
      const atDelivery = createCentsFollower(DAMPING_TIME_CONSTANT_MS[level]);
      for (const f of [onTime, late, atDelivery]) f.jumpTo(curve(0), 0);
      let heard = readingMs;
      let delivered = readingMs;
      let gap = 0;
      let deliverAt = gapsMs[0];
      let compared = 0;
      for (let t = 0; t <= 6000; t += FRAME_MS) {
        for (; heard <= t; heard += readingMs) onTime.setTarget(curve(heard), heard);
        if (t >= deliverAt) {
          for (; delivered <= t; delivered += readingMs) {
            late.setTarget(curve(delivered), delivered);
            atDelivery.setTarget(curve(delivered), t);
          }
          gap++;
          deliverAt = t + gapsMs[gap % gapsMs.length];
          // Right after a burst the late needle knows all the on-time one knows.
          expect(late.valueAt(t), `${level} at ${t.toFixed(0)} ms`).toBeCloseTo(
            onTime.valueAt(t),
            9,
          );
          compared++;
        }
        onTime.valueAt(t);
      }
      expect(compared).toBeGreaterThan(15);
    }
  });

  it('fast mode readings arriving irregularly give the same settled value', () => {
    const follower = createCentsFollower(DAMPING_TIME_CONSTANT_MS.medium);
    follower.jumpTo(0, 0);
    let t = 0;
    const gaps = [2.7, 5.3, 0.4, 11, 2.7, 30, 1.1];
    for (let i = 0; i < 400; i += 1) {
      t += gaps[i % gaps.length];
      follower.setTarget(-9, t);
    }
    expect(follower.valueAt(t)).toBeCloseTo(-9, 3);
  });
});

describe('quantizeCents', () => {
  it('rounds to whole cents or tenths, never shows −0', () => {
    expect(quantizeCents(3.4, null, 1)).toBe(3);
    expect(quantizeCents(-0.3, null, 1)).toBe(0);
    expect(Object.is(quantizeCents(-0.3, null, 1), -0)).toBe(false);
    expect(quantizeCents(3.46, null, 0.1)).toBe(3.5);
    expect(quantizeCents(-12.04, null, 0.1)).toBe(-12);
  });

  it('keeps the shown number while the value hovers within 0.7 of a step of it', () => {
    let shown: number | null = null;
    const changes: number[] = [];
    for (const value of [2.4, 2.6, 2.45, 2.55, 2.62, 2.38, 2.69]) {
      const next = quantizeCents(value, shown, 1);
      if (next !== shown) changes.push(next);
      shown = next;
    }
    expect(changes).toEqual([2]);
    expect(quantizeCents(2.71, 2, 1)).toBe(3);
    expect(quantizeCents(1.29, 2, 1)).toBe(1);
  });
});

describe('steadiness', () => {
  it('is steady only after enough readings within 1 ¢', () => {
    const steadiness = createSteadiness();
    for (let i = 0; i < STEADY_READINGS - 1; i += 1) steadiness.push(3 + (i % 2) * 0.5);
    expect(steadiness.steady()).toBe(false);
    steadiness.push(3.2);
    expect(steadiness.steady()).toBe(true);
    steadiness.push(4.5);
    expect(steadiness.steady()).toBe(false);
    steadiness.reset();
    expect(steadiness.steady()).toBe(false);
  });
});
