import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temporary folder for WAVs a test synthesises; `remove()` in afterAll. */
export function synthWavDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `embouchure-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Writes `samples` (clipped to ±1) as a 16-bit mono PCM WAV at `path`; returns the path. */
export function writeWav16(path: string, sampleRate: number, samples: Float32Array): string {
  const n = samples.length;
  const bytes = Buffer.alloc(44 + 2 * n);
  bytes.write('RIFF', 0);
  bytes.writeUInt32LE(36 + 2 * n, 4);
  bytes.write('WAVEfmt ', 8);
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(sampleRate, 24);
  bytes.writeUInt32LE(sampleRate * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36);
  bytes.writeUInt32LE(2 * n, 40);
  for (let i = 0; i < n; i++) {
    const x = Math.max(-1, Math.min(1, samples[i] as number));
    bytes.writeInt16LE(Math.round(x * 32767), 44 + 2 * i);
  }
  writeFileSync(path, bytes);
  return path;
}

/** Writes `seconds` of `sample(i)` as a 16-bit mono WAV named `name` in `dir`; returns its path. */
export function writeSynthWav(
  dir: string,
  name: string,
  seconds: number,
  sample: (i: number) => number,
  rate = 48000,
): string {
  const samples = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i++) samples[i] = sample(i);
  return writeWav16(join(dir, name), rate, samples);
}

/**
 * A brass-like tone at `hz`: the first eight harmonics falling 3 dB each, peak ≈ 0.5, so the engine
 * sees a trumpet's harmonic series rather than a bare sine. With `vibrato`, the pitch swings
 * sinusoidally by ±`depthCents` at `rateHz` (phase-accumulated, so the waveform stays continuous).
 * Call it once per file: it keeps the running phase.
 */
export function brassTone(
  hz: number,
  rate = 48000,
  vibrato?: { rateHz: number; depthCents: number },
): (i: number) => number {
  const amplitudes = Array.from({ length: 8 }, (_, k) => 10 ** ((-3 * k) / 20));
  const scale = 0.5 / amplitudes.reduce((sum, a) => sum + a, 0);
  let phase = 0;
  return (i) => {
    const bend = vibrato
      ? 2 ** ((vibrato.depthCents * Math.sin((2 * Math.PI * vibrato.rateHz * i) / rate)) / 1200)
      : 1;
    phase += (2 * Math.PI * hz * bend) / rate;
    let x = 0;
    for (let k = 0; k < amplitudes.length; k++) {
      x += (amplitudes[k] as number) * Math.sin(phase * (k + 1));
    }
    return x * scale;
  };
}

/**
 * Quiet room noise at about −60 dBFS (±0.001), the same every run (a linear congruential
 * sequence, Numerical Recipes' constants): a microphone that is on, with nothing played.
 */
export function roomNoise(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return (state / 2 ** 31 - 0.5) * 0.002;
  };
}
