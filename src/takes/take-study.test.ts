import { describe, expect, it } from 'vitest';
import { harmonicSpectrum, longestSustainedNote, studyNotes } from './take-study';

const SR = 48_000;
/** `seconds` of a tone with these harmonic amplitudes on `f0`. */
function tone(f0: number, amplitudes: number[], seconds = 0.5): Float32Array {
  const out = new Float32Array(Math.round(SR * seconds));
  for (let i = 0; i < out.length; i++) {
    let x = 0;
    amplitudes.forEach((a, k) => (x += a * Math.sin((2 * Math.PI * f0 * (k + 1) * i) / SR)));
    out[i] = x;
  }
  return out;
}

describe('harmonic spectrum and brightness', () => {
  it.each([
    // [tone, amplitudes, brightness = Σ k·a_k / Σ a_k]
    ['a pure sine', [1], 1],
    ['two equal harmonics', [1, 1], 1.5],
    [
      'a sawtooth-like 1/k series (10 harmonics)',
      [1, 1 / 2, 1 / 3, 1 / 4, 1 / 5, 1 / 6, 1 / 7, 1 / 8, 1 / 9, 1 / 10],
      10 / 2.9289683,
    ],
  ])('%s on concert B♭4 (466.16 Hz)', (_name, amplitudes, brightness) => {
    const spectrum = harmonicSpectrum(tone(466.16, amplitudes), SR, 466.16, 10);
    expect(spectrum.brightness).toBeCloseTo(brightness, 1);
    amplitudes.forEach((a, k) => expect(spectrum.amplitudes[k]).toBeCloseTo(a, 2));
  });

  it('a brighter tone scores higher than a darker one on the same note', () => {
    const dark = harmonicSpectrum(tone(392, [1, 0.3, 0.1]), SR, 392);
    const bright = harmonicSpectrum(tone(392, [1, 0.9, 0.8, 0.7, 0.6]), SR, 392);
    expect(bright.brightness).toBeGreaterThan(dark.brightness + 1);
  });

  it('harmonics above Nyquist count as 0 and bad input names the range', () => {
    expect(harmonicSpectrum(tone(5000, [1]), SR, 5000, 10).amplitudes.slice(4)).toEqual(
      Array(6).fill(0),
    );
    expect(() => harmonicSpectrum(new Float32Array(10), SR, 440)).toThrow('≥ 64 samples');
  });
});

describe('per-note study', () => {
  // Concert A4 after a scoop: 9 readings at +20 ¢ and 8 in tune, alternating: median +20, SD ≈ 10.
  const cents = (c: number): number => 440 * 2 ** (c / 1200);
  const readings: number[] = [];
  for (let t = 0; t <= 1000; t += 50) {
    const c = t < 200 ? -40 : t % 100 === 0 ? 20 : 0; // scoop in the attack (skipped)
    readings.push(t, cents(c), 0.95, -20, 440);
  }
  it('median offset, spread and onset of a note, the attack skipped', () => {
    const [study] = studyNotes(readings, [{ onsetMs: 0, offsetMs: 1000, hz: 440 }]);
    expect(study.midi).toBe(69);
    expect(study.onsetMs).toBe(0);
    expect(study.durationMs).toBe(1000);
    expect(study.medianCents).toBeCloseTo(20, 5);
    expect(study.spreadCents).toBeCloseTo(10, 0);
    expect(study.readings).toBe(17);
  });

  it('uses the A4 reference: at A4 = 442 the same 440 Hz reads 7.9 ¢ flat', () => {
    const flat = [300, 440, 1, -20, 440, 400, 440, 1, -20, 440];
    const [study] = studyNotes(flat, [{ onsetMs: 0, offsetMs: 500, hz: 440 }], 442);
    expect(study.medianCents).toBeCloseTo(1200 * Math.log2(440 / 442), 1);
  });

  it('picks the longest note held at least 0.5 s for tone study', () => {
    const short = { onsetMs: 0, offsetMs: 400, hz: 440 };
    const long = { onsetMs: 500, offsetMs: 1600, hz: 392 };
    expect(longestSustainedNote([short, long])).toBe(long);
    expect(longestSustainedNote([short])).toBeNull();
  });
});
