import { describe, expect, it } from 'vitest';
import { fft, findLag } from './cross-correlation';
import { whiteNoise as noise } from '../testing/noise';

/** `length` samples of `source` from `start` (zeros outside it), scaled and with added noise. */
function excerpt(source: Float32Array, start: number, length: number, noiseAmp = 0): Float32Array {
  const hiss = noise(length, 99);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const j = start + i;
    out[i] = 0.5 * (j >= 0 && j < source.length ? source[j] : 0) + noiseAmp * hiss[i];
  }
  return out;
}

describe('fft', () => {
  it('puts a cosine of k cycles in bins k and n − k, and inverts back', () => {
    const n = 64;
    const re = new Float64Array(n);
    const im = new Float64Array(n);
    for (let i = 0; i < n; i++) re[i] = Math.cos((2 * Math.PI * 5 * i) / n);
    const original = Float64Array.from(re);
    fft(re, im);
    expect(re[5]).toBeCloseTo(n / 2, 6);
    expect(re[n - 5]).toBeCloseTo(n / 2, 6);
    expect(Math.abs(re[6])).toBeLessThan(1e-9);
    fft(re, im, true);
    for (let i = 0; i < n; i++) expect(re[i]).toBeCloseTo(original[i], 9);
  });

  it('refuses a length that is not a power of two, naming it', () => {
    expect(() => fft(new Float64Array(6), new Float64Array(6))).toThrow(/power-of-two.*6/);
  });
});

describe('findLag', () => {
  const reference = noise(48_000, 7);
  // Where the probe starts in the reference, samples: inside, at the edges, before its start
  // (a recorder that began before the capture), with the codec's loss as added noise.
  const cases: { start: number; length: number; noiseAmp: number }[] = [
    { start: 0, length: 12_000, noiseAmp: 0 },
    { start: 1, length: 12_000, noiseAmp: 0 },
    { start: 127, length: 12_000, noiseAmp: 0.2 },
    { start: 5_000, length: 12_000, noiseAmp: 0.3 },
    { start: 36_000, length: 12_000, noiseAmp: 0.3 },
    { start: -3_000, length: 12_000, noiseAmp: 0.3 },
    { start: -5_999, length: 12_000, noiseAmp: 0 },
  ];
  it.each(cases)(
    'finds a probe cut at $start (noise $noiseAmp) at that lag',
    ({ start, length, noiseAmp }) => {
      const match = findLag(reference, excerpt(reference, start, length, noiseAmp));
      expect(match?.lag).toBe(start);
      expect(match?.score).toBeGreaterThan(noiseAmp > 0 ? 0.6 : 0.99);
      expect(match?.runnerUp).toBeLessThan(0.1);
    },
  );

  it('keeps to the lags asked for', () => {
    const probe = excerpt(reference, 5_000, 12_000);
    expect(findLag(reference, probe, { minLag: 0, maxLag: 4_000 })?.lag).not.toBe(5_000);
    expect(findLag(reference, probe, { minLag: 4_000, maxLag: 6_000 })?.lag).toBe(5_000);
  });

  it('says a steady periodic tone is ambiguous: the runner-up one period on scores as high', () => {
    const period = 100; // 480 Hz at 48 kHz
    const tone = Float32Array.from({ length: 24_000 }, (_, i) =>
      Math.sin((2 * Math.PI * i) / period),
    );
    const match = findLag(tone, tone.slice(3_000, 9_000));
    expect(match).not.toBeNull();
    expect((match?.score ?? 0) - (match?.runnerUp ?? 0)).toBeLessThan(0.01);
  });

  it('finds nothing in silence, or when no lag leaves enough overlap', () => {
    expect(findLag(new Float32Array(4_000), excerpt(reference, 0, 1_000))).toBeNull();
    expect(findLag(reference.slice(0, 100), excerpt(reference, 0, 1_000))).toBeNull();
  });
});
