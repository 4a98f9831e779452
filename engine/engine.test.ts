// Behaviour of the compiled engine (engine/build/pitch-engine.wasm) through its wrapper:
// accuracy over the trumpet's range and sample rates, the pitch floor, voicing, and every kind
// of bad input the issue lists. Run `npm run build:engine` first.
import { beforeAll, describe, expect, it } from 'vitest';
import { PEDAL_FLOOR_HZ, analysisWindow } from '../src/audio/worklet/analysis-window.ts';
import { PitchEngine, type PitchEngineOptions } from '../src/audio/worklet/engine/pitch-engine.ts';
import {
  CHUNK,
  cents,
  engineBytes,
  harmonicTone,
  midiToHz,
  normaliseChunks,
  whiteNoise,
} from './testing/signals.ts';

let module: WebAssembly.Module;
beforeAll(() => {
  module = new WebAssembly.Module(engineBytes());
});

function engine(options: PitchEngineOptions): PitchEngine {
  return PitchEngine.instantiateSync(module, options);
}

/** Feed `x` the product's way (normalised chunks + divisors) and return the frames' Hz. */
function readProduct(e: PitchEngine, x: Float32Array): { hz: number[]; clarity: number[] } {
  const { normalised, divisors } = normaliseChunks(x);
  e.input.set(normalised.subarray(0, e.input.length));
  e.divisors.set(divisors.subarray(0, e.divisors.length));
  const frames = e.pitches(Math.min(x.length, e.options.maxSamples), true);
  return {
    hz: Array.from(e.hz.subarray(0, frames)),
    clarity: Array.from(e.clarity.subarray(0, frames)),
  };
}

/** Feed only the normalised chunks (a host without divisors). */
function readBare(e: PitchEngine, x: Float32Array): number {
  const { normalised } = normaliseChunks(x);
  e.input.set(normalised.subarray(0, e.input.length));
  e.pitches(e.options.frameSize, false);
  return e.hz[0];
}

const SAMPLE_RATES = [22050, 44100, 48000];
// Concert E3 (MIDI 52) to concert Bb6 (~1865 Hz, double high C written), every 3 semitones,
// detuned by an odd amount so no note sits on an FFT bin.
const GRID_MIDI = Array.from({ length: 15 }, (_, i) => 52 + 3 * i);

describe('accuracy over the range, product framing (normalised chunks + divisors)', () => {
  for (const sr of SAMPLE_RATES) {
    it(`reads every grid note within 0.1 cent at ${sr} Hz`, () => {
      const e = engine({ sampleRate: sr });
      const worst: string[] = [];
      for (const midi of GRID_MIDI) {
        const f0 = midiToHz(midi) * 2 ** (13.7 / 1200);
        const { hz } = readProduct(e, harmonicTone(sr, f0, 4096, { seed: midi }));
        const err = cents(hz[0], f0);
        if (!(Math.abs(err) < 0.1)) worst.push(`MIDI ${midi}: ${hz[0]} Hz (${err.toFixed(3)} c)`);
      }
      e.teardown();
      expect(worst).toEqual([]);
    });
  }

  it('has no octave error on low notes with a fundamental 13 dB below the strongest partial', () => {
    const e = engine({ sampleRate: 48000 });
    const weak = [0.22, 1, 0.9, 0.6, 0.45, 0.3, 0.2, 0.12];
    for (const midi of [52, 53, 55, 57, 59]) {
      const f0 = midiToHz(midi);
      const { hz } = readProduct(e, harmonicTone(48000, f0, 4096, { harmonics: weak }));
      expect(Math.abs(cents(hz[0], f0))).toBeLessThan(0.5);
    }
    e.teardown();
  });

  it('reads pedal tones when the floor is lowered to 60 Hz', () => {
    const e = engine({ sampleRate: 48000, minHz: 60 });
    for (const f0 of [65.41, 87.31, 116.54]) {
      const { hz } = readProduct(e, harmonicTone(48000, f0, 4096));
      expect(Math.abs(cents(hz[0], f0))).toBeLessThan(0.5);
    }
    e.teardown();
  });

  it('reads 0, not an octave up, for a note below the floor (default 140 Hz)', () => {
    const e = engine({ sampleRate: 48000 });
    // Bb2 with its fundamental 13 dB down: the 2nd partial (233 Hz) is the strongest.
    const bb2 = harmonicTone(48000, 116.54, 4096, {
      harmonics: [0.22, 1, 0.8, 0.6, 0.45, 0.3, 0.2],
    });
    expect(readProduct(e, bb2).hz[0]).toBe(0);
    expect(readProduct(e, harmonicTone(48000, 100, 4096)).hz[0]).toBe(0);
    expect(readProduct(e, harmonicTone(48000, 130, 4096)).hz[0]).toBe(0);
    // ...while the lowest trumpet note above the floor still reads.
    expect(
      Math.abs(cents(readProduct(e, harmonicTone(48000, 164.81, 4096)).hz[0], 164.81)),
    ).toBeLessThan(0.5);
    e.teardown();
  });

  it('reads the note within 50 cents without divisors (bare normalised chunks)', () => {
    for (const sr of SAMPLE_RATES) {
      const e = engine({ sampleRate: sr });
      for (const midi of GRID_MIDI) {
        const f0 = midiToHz(midi);
        const hz = readBare(e, harmonicTone(sr, f0, 4096, { seed: midi }));
        expect(Math.abs(cents(hz, f0)), `${sr} Hz, MIDI ${midi}: read ${hz}`).toBeLessThan(50);
      }
      e.teardown();
    }
  });

  it('reads a long input without divisors in one call (gains stay bounded)', () => {
    const sr = 48000;
    const e = engine({ sampleRate: sr, maxSamples: 65536, hop: 640 });
    const f0 = 196.5;
    const { normalised } = normaliseChunks(harmonicTone(sr, f0, 65536));
    e.input.set(normalised);
    const frames = e.pitches(65536, false);
    expect(frames).toBe(Math.floor((65536 - 4096) / 640) + 1);
    for (const v of e.hz.subarray(0, frames)) expect(Math.abs(cents(v, f0))).toBeLessThan(5);
    // Chunks that jump wildly at every boundary: finite output, never NaN.
    for (let i = 0; i < 65536; i++) e.input[i] = Math.sin(i) * (((i >> 7) % 3) - 1) * 0.9;
    e.pitches(65536, false);
    for (const v of e.hz.subarray(0, frames)) expect(Number.isFinite(v)).toBe(true);
    e.teardown();
  });

  it('analyses every hop in sliding mode', () => {
    const e = engine({ sampleRate: 44100, maxSamples: 8192 });
    const f0 = 392.1;
    const { hz } = readProduct(e, harmonicTone(44100, f0, 8192));
    expect(hz).toHaveLength((8192 - 4096) / 512 + 1);
    for (const v of hz) expect(Math.abs(cents(v, f0))).toBeLessThan(0.1);
    e.teardown();
  });

  it('gives a clarity near 1 for a clean tone and low for noise', () => {
    const e = engine({ sampleRate: 48000 });
    expect(readProduct(e, harmonicTone(48000, 440, 4096)).clarity[0]).toBeGreaterThan(0.95);
    const noisy = readProduct(e, whiteNoise(4096, 0.1));
    expect(noisy.hz[0]).toBe(0);
    expect(noisy.clarity[0]).toBeLessThan(0.5);
    e.teardown();
  });
});

describe('pedal floor (PEDAL_FLOOR_HZ), synthetic pedals with a weak fundamental', () => {
  // Every semitone from concert D2 (73.4 Hz: written F♯2 on an A trumpet at A4 = 415 Hz is a hair
  // lower) up to C♯3, plus one 20 ¢ above the floor itself. Detuned by 13.7 ¢ off equal temperament.
  const pedalsHz = [
    PEDAL_FLOOR_HZ * 2 ** (20 / 1200),
    ...Array.from({ length: 12 }, (_, i) => midiToHz(38 + i) * 2 ** (13.7 / 1200)),
  ];
  // Fundamental 13 dB (corpus B♭2) and 20 dB below the strongest partial.
  const spectra = {
    '-13 dB': [0.22, 1, 0.9, 0.6, 0.45, 0.3, 0.2, 0.12],
    '-20 dB': [0.1, 1, 0.8, 0.7, 0.5, 0.35, 0.25, 0.15, 0.1],
  };
  for (const sr of [44100, 48000, 96000]) {
    for (const fastResponse of [false, true]) {
      const { frameSamples } = analysisWindow({
        sampleRate: sr,
        fastResponse,
        minHz: PEDAL_FLOOR_HZ,
      });
      const mode = `${fastResponse ? 'fast' : 'block'} window ${frameSamples}`;
      it(`reads every pedal at ${sr} Hz (${mode}) with and without divisors, no octave error`, () => {
        const e = engine({ sampleRate: sr, minHz: PEDAL_FLOOR_HZ, frameSize: frameSamples });
        const wrong: string[] = [];
        for (const [name, harmonics] of Object.entries(spectra)) {
          for (const f0 of pedalsHz) {
            const tone = harmonicTone(sr, f0, frameSamples, { harmonics, seed: Math.round(f0) });
            const product = readProduct(e, tone).hz[0];
            const bare = readBare(e, tone);
            // Product path: sub-cent in a block, a few cents in the fast window (3–6 periods of
            // a pedal); bare path: the right note.
            const tolerance = fastResponse ? 3 : 0.5;
            if (!(Math.abs(cents(product, f0)) < tolerance))
              wrong.push(`${name} ${f0}: ${product}`);
            if (!(Math.abs(cents(bare, f0)) < 50)) wrong.push(`${name} ${f0} bare: ${bare}`);
          }
        }
        e.teardown();
        expect(wrong).toEqual([]);
      });
    }
  }

  it('reads a tone just below the floor as 0, never an octave up', () => {
    for (const sr of [44100, 48000]) {
      for (const fastResponse of [false, true]) {
        const { frameSamples } = analysisWindow({
          sampleRate: sr,
          fastResponse,
          minHz: PEDAL_FLOOR_HZ,
        });
        const e = engine({ sampleRate: sr, minHz: PEDAL_FLOOR_HZ, frameSize: frameSamples });
        for (const f0 of [PEDAL_FLOOR_HZ * 0.9, PEDAL_FLOOR_HZ * 0.8]) {
          const tone = harmonicTone(sr, f0, frameSamples, { harmonics: spectra['-13 dB'] });
          expect(readProduct(e, tone).hz[0], `${sr} ${frameSamples} ${f0}`).toBe(0);
        }
        e.teardown();
      }
    }
  });

  it('still reads the whole main range right with the floor lowered (no octave-down reading)', () => {
    for (const sr of SAMPLE_RATES) {
      const e = engine({ sampleRate: sr, minHz: PEDAL_FLOOR_HZ });
      for (const midi of GRID_MIDI) {
        const f0 = midiToHz(midi) * 2 ** (13.7 / 1200);
        const { hz } = readProduct(e, harmonicTone(sr, f0, 4096, { seed: midi }));
        expect(Math.abs(cents(hz[0], f0)), `${sr} Hz MIDI ${midi}`).toBeLessThan(0.1);
      }
      e.teardown();
    }
  });
});

describe('voicing', () => {
  it('reads 0 on digital silence and low-level noise, but voices a quiet or noisy note', () => {
    const sr = 48000;
    const e = engine({ sampleRate: sr });
    expect(readProduct(e, new Float32Array(4096)).hz[0]).toBe(0);
    for (let seed = 1; seed <= 20; seed++) {
      expect(readProduct(e, whiteNoise(4096, 10 ** (-30 / 20), seed)).hz[0]).toBe(0);
      expect(readProduct(e, whiteNoise(4096, 10 ** (-60 / 20), seed)).hz[0]).toBe(0);
    }
    // -24 dBFS peak note.
    const quiet = harmonicTone(sr, 311.13, 4096, { gain: 0.063 });
    expect(Math.abs(cents(readProduct(e, quiet).hz[0], 311.13))).toBeLessThan(0.5);
    // 15 dB SNR white noise.
    const tone = harmonicTone(sr, 220, 4096);
    let power = 0;
    for (const v of tone) power += v * v;
    const noise = whiteNoise(4096, Math.sqrt(power / 4096 / 10 ** 1.5), 3);
    const noisy = tone.map((v, i) => v + noise[i]);
    expect(Math.abs(cents(readProduct(e, noisy).hz[0], 220))).toBeLessThan(3);
    e.teardown();
  });
});

describe('bad input', () => {
  const sr = 44100;
  const f0 = 293.66;

  function finite(values: number[]): boolean {
    return values.every((v) => Number.isFinite(v) && v >= 0);
  }

  it('reads through a DC offset and ignores DC alone', () => {
    const e = engine({ sampleRate: sr });
    const tone = harmonicTone(sr, f0, 4096).map((v) => v + 0.3);
    expect(Math.abs(cents(readProduct(e, tone).hz[0], f0))).toBeLessThan(0.2);
    expect(readProduct(e, new Float32Array(4096).fill(-0.3)).hz[0]).toBe(0);
    e.teardown();
  });

  it('reads a hard-clipped note', () => {
    const e = engine({ sampleRate: sr });
    const clipped = harmonicTone(sr, f0, 4096, { gain: 4 }).map((v) =>
      Math.max(-1, Math.min(1, v)),
    );
    expect(Math.abs(cents(readProduct(e, clipped).hz[0], f0))).toBeLessThan(1);
    e.teardown();
  });

  it('never outputs NaN and never traps on NaN or Infinity samples', () => {
    const e = engine({ sampleRate: sr, maxSamples: 8192 });
    for (const bad of [NaN, Infinity, -Infinity]) {
      e.input.fill(bad);
      e.divisors.fill(1);
      expect(e.pitches(8192, true)).toBe(9);
      expect(finite(Array.from(e.hz))).toBe(true);
      expect(finite(Array.from(e.clarity))).toBe(true);
      expect(Array.from(e.hz)).toEqual(new Array(9).fill(0));
      e.pitches(8192, false);
      expect(Array.from(e.hz)).toEqual(new Array(9).fill(0));
      // A few bad samples inside a real note: still a finite reading near the note.
      const { normalised, divisors } = normaliseChunks(harmonicTone(sr, f0, 8192));
      e.input.set(normalised);
      e.divisors.set(divisors);
      e.input[100] = bad;
      e.input[5000] = bad;
      e.pitches(8192, true);
      expect(finite(Array.from(e.hz))).toBe(true);
      expect(Math.abs(cents(e.hz[0], f0))).toBeLessThan(50);
    }
    e.teardown();
  });

  it('reads the same note at any input level, from 1e-30 to 1e30 (no overflow, no subnormals)', () => {
    const e = engine({ sampleRate: sr });
    const tone = harmonicTone(sr, f0, 4096);
    for (const gain of [1e-30, 1e-12, 1e12, 1e30]) {
      e.input.set(tone.map((v) => v * gain));
      e.pitches(4096, false);
      expect(Math.abs(cents(e.hz[0], f0)), `gain ${gain}`).toBeLessThan(0.1);
    }
    // Through divisors: huge is read, far below -80 dBFS is silence.
    const { normalised, divisors } = normaliseChunks(tone);
    e.input.set(normalised);
    e.divisors.set(divisors.map((d) => d * 1e30));
    e.pitches(4096, true);
    expect(Math.abs(cents(e.hz[0], f0))).toBeLessThan(0.1);
    e.divisors.set(divisors.map((d) => d * 1e-30));
    e.pitches(4096, true);
    expect(e.hz[0]).toBe(0);
    e.teardown();
  });

  it('treats NaN, infinite, zero and negative divisors as defined values', () => {
    const e = engine({ sampleRate: sr });
    const { normalised, divisors } = normaliseChunks(harmonicTone(sr, f0, 4096));
    for (const bad of [NaN, Infinity, 0, -1]) {
      e.input.set(normalised);
      e.divisors.set(divisors);
      e.divisors[3] = bad;
      e.pitches(4096, true);
      expect(Number.isFinite(e.hz[0])).toBe(true);
      expect(Number.isFinite(e.clarity[0])).toBe(true);
    }
    // Negative divisors count by magnitude: the same reading as the positive ones.
    e.input.set(normalised);
    e.divisors.set(divisors.map((d) => -d));
    e.pitches(4096, true);
    expect(Math.abs(cents(e.hz[0], f0))).toBeLessThan(0.1);
    e.teardown();
  });

  it('gives the same result for an all-zero chunk with divisor 0 or 1', () => {
    const e = engine({ sampleRate: sr });
    const x = harmonicTone(sr, f0, 4096);
    x.fill(0, 5 * CHUNK, 6 * CHUNK);
    const { normalised, divisors } = normaliseChunks(x);
    const readWith = (d: number): [number, number] => {
      e.input.set(normalised);
      e.divisors.set(divisors);
      e.divisors[5] = d;
      e.pitches(4096, true);
      return [e.hz[0], e.clarity[0]];
    };
    const zero = readWith(0);
    expect(readWith(1)).toEqual(zero);
    expect(Math.abs(cents(zero[0], f0))).toBeLessThan(5);
    e.teardown();
  });

  it('still reads the whole range at 16 kHz (Bluetooth headsets)', () => {
    const e = engine({ sampleRate: 16000 });
    for (const midi of GRID_MIDI) {
      const f0 = midiToHz(midi);
      const { hz } = readProduct(e, harmonicTone(16000, f0, 4096, { seed: midi }));
      expect(Math.abs(cents(hz[0], f0)), `MIDI ${midi}: ${hz[0]}`).toBeLessThan(1);
    }
    e.teardown();
  });

  it('reads 0 frames when given fewer samples than a frame', () => {
    const e = engine({ sampleRate: sr });
    expect(e.pitches(4095)).toBe(0);
    expect(e.pitches(0)).toBe(0);
    e.teardown();
  });
});
