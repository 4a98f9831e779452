import { describe, expect, it } from 'vitest';
import { centsBetween } from '../theory/cents';
import { createPitchSmoother } from './smoothing';

describe('createPitchSmoother', () => {
  it('starts with no signal', () => {
    expect(createPitchSmoother().valueAt(0)).toBe(0);
  });

  it('shows the first reading at once', () => {
    expect(createPitchSmoother().push(233.08, 0)).toBe(233.08);
  });

  it('ignores a single octave jump from the detector (median of 5)', () => {
    const smoother = createPitchSmoother({ windowSize: 5 });
    const shown = [233, 234, 466, 233.5, 232.8].map((hz, i) => smoother.push(hz, i * 93));
    expect(Math.max(...shown)).toBeLessThan(240);
  });

  it('follows a real note change after ⌈N/2⌉ readings, without a glide in between', () => {
    const smoother = createPitchSmoother({ windowSize: 5 });
    for (let i = 0; i < 5; i++) smoother.push(233.08, i * 10); // written C4
    const shown = [261.63, 261.63, 261.63].map((hz, i) => smoother.push(hz, 50 + i * 10));
    expect(shown[0]).toBeCloseTo(233.08, 6);
    expect(shown[1]).toBeCloseTo(233.08, 6);
    expect(shown[2]).toBeCloseTo(261.63, 6);
  });

  it('smooths jitter in the cents domain', () => {
    const smoother = createPitchSmoother({ windowSize: 5 });
    let shown = 0;
    [440, 441, 439, 440.5, 439.5].forEach((hz, i) => (shown = smoother.push(hz, i * 10)));
    expect(Math.abs(centsBetween(440, shown))).toBeLessThan(1);
  });

  it('takes the geometric mean of the two middle readings for an even count', () => {
    const smoother = createPitchSmoother({ windowSize: 4 });
    smoother.push(440, 0);
    expect(smoother.push(880, 1)).toBeCloseTo(Math.sqrt(440 * 880), 9);
  });

  it('holds the last value through a short dropout, then shows no signal', () => {
    const smoother = createPitchSmoother({ holdMs: 300 });
    smoother.push(440, 1000);
    expect(smoother.push(0, 1100)).toBe(440);
    expect(smoother.push(Number.NaN, 1200)).toBe(440);
    expect(smoother.valueAt(1300)).toBe(440);
    expect(smoother.valueAt(1301)).toBe(0);
    expect(smoother.push(0, 1400)).toBe(0);
  });

  it('does not drag a note after a pause toward the note before it', () => {
    const smoother = createPitchSmoother({ windowSize: 5, holdMs: 200 });
    for (let i = 0; i < 5; i++) smoother.push(440, i * 10);
    expect(smoother.push(330, 1000)).toBe(330);
  });

  it('restarts if time goes backwards', () => {
    const smoother = createPitchSmoother();
    smoother.push(440, 1000);
    expect(smoother.push(330, 500)).toBe(330);
  });

  it('with windowSize 1 and holdMs 0 shows the raw reading only while it lasts', () => {
    const smoother = createPitchSmoother({ windowSize: 1, holdMs: 0 });
    expect(smoother.push(440, 0)).toBe(440);
    expect(smoother.push(442, 10)).toBe(442);
    expect(smoother.valueAt(10)).toBe(442);
    expect(smoother.valueAt(11)).toBe(0);
  });

  it('forgets everything on reset', () => {
    const smoother = createPitchSmoother();
    smoother.push(440, 0);
    smoother.reset();
    expect(smoother.valueAt(1)).toBe(0);
    expect(smoother.push(330, 2)).toBe(330);
  });

  it('keeps a long stream of noisy readings within the noise around the true pitch', () => {
    const smoother = createPitchSmoother({ windowSize: 7 });
    let seed = 1;
    const random = (): number => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 2000; i++) {
      // ±10 ¢ jitter, and every 10th reading an octave error.
      const cents = i % 10 === 9 ? 1200 : (random() - 0.5) * 20;
      const shown = smoother.push(440 * 2 ** (cents / 1200), i * 12);
      expect(Math.abs(centsBetween(440, shown))).toBeLessThanOrEqual(10);
    }
  });

  it.each([
    [{ windowSize: 0 }, /windowSize must be an integer from 1 to 31/],
    [{ windowSize: 32 }, /from 1 to 31/],
    [{ windowSize: 2.5 }, /integer/],
    [{ holdMs: -1 }, /holdMs must be from 0 to 5000 ms/],
    [{ holdMs: Number.NaN }, /holdMs/],
  ])('rejects %j naming the range', (options, message) => {
    expect(() => createPitchSmoother(options)).toThrow(message);
  });
});
