// Test signals and engine loading shared by the engine's tests (not shipped).
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WASM_PATH = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'build',
  'pitch-engine.wasm',
);

export function engineBytes(): Uint8Array<ArrayBuffer> {
  if (!existsSync(WASM_PATH)) {
    throw new Error(`${WASM_PATH} is missing: run \`npm run build:engine\` first`);
  }
  const buf = readFileSync(WASM_PATH);
  // A fresh ArrayBuffer (not Node's pooled one) so it is a valid BufferSource everywhere.
  const out = new Uint8Array(new ArrayBuffer(buf.length));
  out.set(buf);
  return out;
}

/** Deterministic PRNG (mulberry32) so noise tests are reproducible. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Trumpet-like relative harmonic amplitudes: strong 2nd-4th partials. */
export const TRUMPET_HARMONICS = [0.45, 0.8, 1, 0.7, 0.55, 0.4, 0.28, 0.18, 0.12, 0.08, 0.05, 0.03];

export interface ToneOptions {
  /** Relative amplitude per harmonic (1-based order), default TRUMPET_HARMONICS. */
  harmonics?: number[];
  /** Peak-ish amplitude scale, default 0.5. */
  gain?: number;
  /** Seed for the harmonics' phases. */
  seed?: number;
}

/** A steady harmonic tone, harmonics above 0.45 x sampleRate dropped. */
export function harmonicTone(
  sampleRateHz: number,
  f0Hz: number,
  length: number,
  options: ToneOptions = {},
): Float32Array {
  const harmonics = options.harmonics ?? TRUMPET_HARMONICS;
  const gain = options.gain ?? 0.5;
  const rand = prng(options.seed ?? 1);
  const phases = harmonics.map(() => 2 * Math.PI * rand());
  const total = harmonics.reduce((s, a) => s + a, 0);
  const out = new Float32Array(length);
  for (let h = 1; h <= harmonics.length; h++) {
    if (h * f0Hz > 0.45 * sampleRateHz) break;
    const w = (2 * Math.PI * h * f0Hz) / sampleRateHz;
    const a = (gain * harmonics[h - 1]) / total;
    for (let i = 0; i < length; i++) out[i] += a * Math.sin(w * i + phases[h - 1]);
  }
  return out;
}

export function whiteNoise(length: number, rms: number, seed = 7): Float32Array {
  const rand = prng(seed);
  const out = new Float32Array(length);
  // Sum of uniforms, variance 1/12 each: 12 of them give unit variance.
  for (let i = 0; i < length; i++) {
    let s = -6;
    for (let k = 0; k < 12; k++) s += rand();
    out[i] = s * rms;
  }
  return out;
}

export const CHUNK = 128;

/** The product's framing: each 128-sample chunk divided by its own max |x| (zeros: divisor 0). */
export function normaliseChunks(x: Float32Array): {
  normalised: Float32Array;
  divisors: Float32Array;
} {
  const chunks = Math.ceil(x.length / CHUNK);
  const normalised = new Float32Array(chunks * CHUNK);
  const divisors = new Float32Array(chunks);
  for (let c = 0; c < chunks; c++) {
    let peak = 0;
    for (let i = c * CHUNK; i < Math.min(x.length, (c + 1) * CHUNK); i++) {
      peak = Math.max(peak, Math.abs(x[i]));
    }
    divisors[c] = peak;
    if (peak > 0) {
      for (let i = c * CHUNK; i < Math.min(x.length, (c + 1) * CHUNK); i++) {
        normalised[i] = x[i] / peak;
      }
    }
  }
  return { normalised, divisors };
}

export function cents(hz: number, refHz: number): number {
  return 1200 * Math.log2(hz / refHz);
}

export function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}
