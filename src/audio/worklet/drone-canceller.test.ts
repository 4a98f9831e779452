import { describe, expect, it } from 'vitest';
import { DroneCanceller, MAX_DRONE_VOICES } from './drone-canceller';

const RATE = 48000;
const N = 4096;

/** A window split into 128-sample chunks normalised by their max |x|, as the accumulator keeps it. */
function normalised(signal: (i: number) => number, n = N) {
  const samples = new Float32Array(n);
  const divisors = new Float32Array(n / 128);
  for (let c = 0; c < n / 128; c++) {
    let max = 0;
    for (let j = c * 128; j < (c + 1) * 128; j++) max = Math.max(max, Math.abs(signal(j)));
    divisors[c] = max;
    for (let j = c * 128; j < (c + 1) * 128; j++) samples[j] = max > 0 ? signal(j) / max : 0;
  }
  return { samples, divisors };
}

function restored(samples: Float32Array, divisors: Float32Array): Float64Array {
  return Float64Array.from(samples, (x, i) => x * divisors[Math.floor(i / 128)]);
}

const rms = (x: ArrayLike<number>): number => {
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += x[i] ** 2;
  return Math.sqrt(sum / x.length);
};

describe('DroneCanceller', () => {
  const drone = [233.08, 349.62, 291.35];
  const droneAt = (i: number) =>
    drone.reduce(
      (sum, f, v) =>
        sum +
        Math.sin((2 * Math.PI * f * i) / RATE + v) +
        0.1 * Math.sin((4 * Math.PI * f * i) / RATE),
      0,
    );

  it('removes a drone chord of any phase to below −80 dB', () => {
    const canceller = new DroneCanceller(RATE, N);
    canceller.setFrequencies(drone);
    const { samples, divisors } = normalised(droneAt);
    canceller.apply(samples, divisors);
    expect(
      20 *
        Math.log10(
          rms(restored(samples, divisors)) /
            rms(Float64Array.from({ length: N }, (_, i) => droneAt(i))),
        ),
    ).toBeLessThan(-80);
  });

  it('keeps a tone away from the drone (D4 + B♭3 drone → D4 within 5 %: only its leakage onto the drone is lost)', () => {
    const player = (i: number) => 0.5 * Math.sin((2 * Math.PI * 293.66 * i) / RATE + 1);
    const canceller = new DroneCanceller(RATE, N);
    canceller.setFrequencies([233.08]);
    const { samples, divisors } = normalised(
      (i) => player(i) + Math.sin((2 * Math.PI * 233.08 * i) / RATE),
    );
    canceller.apply(samples, divisors);
    const left = restored(samples, divisors);
    let err = 0;
    for (let i = 0; i < N; i++) err += (left[i] - player(i)) ** 2;
    expect(
      Math.sqrt(err / N) / rms(Float64Array.from({ length: N }, (_, i) => player(i))),
    ).toBeLessThan(0.05);
  });

  it('leaves the window untouched without a drone, and after the drone is cleared', () => {
    const canceller = new DroneCanceller(RATE, N);
    const { samples, divisors } = normalised(droneAt);
    const before = samples.slice();
    canceller.apply(samples, divisors);
    expect(samples).toEqual(before);
    canceller.setFrequencies([440]);
    canceller.setFrequencies([]);
    expect(canceller.partialCount).toBe(0);
    canceller.apply(samples, divisors);
    expect(samples).toEqual(before);
  });

  it('skips partials near Nyquist and refuses bad input with the range', () => {
    const canceller = new DroneCanceller(8000, 256);
    // 1, 2, 3 kHz and 3 kHz kept; 6 and 9 kHz are over 45 % of 8 kHz.
    canceller.setFrequencies([1000, 3000]);
    expect(canceller.partialCount).toBe(4);
    expect(() => canceller.setFrequencies([0])).toThrow(/positive numbers of Hz/);
    expect(() => canceller.setFrequencies([Number.NaN])).toThrow(/positive numbers of Hz/);
    expect(() =>
      canceller.setFrequencies(new Array<number>(MAX_DRONE_VOICES + 1).fill(440)),
    ).toThrow(/at most 4 drone voices/);
    expect(() => new DroneCanceller(48000, 100)).toThrow(/multiple of 128/);
  });

  it('stays finite when two partials coincide (a just 5th’s 2nd harmonic on the root’s 3rd)', () => {
    const canceller = new DroneCanceller(RATE, 1024);
    canceller.setFrequencies([200, 200, 300]);
    const { samples, divisors } = normalised((i) => Math.sin((2 * Math.PI * 200 * i) / RATE), 1024);
    canceller.apply(samples, divisors);
    expect(samples.every(Number.isFinite)).toBe(true);
    expect(rms(restored(samples, divisors))).toBeLessThan(0.01);
  });
});
