// Corpus access for the pitch benchmark and the engine's corpus tests: a WAV reader, the frame
// labelling rules of the corpus README ("Frame labelling"), and the product's framing.
// Written from the README's description; the corpus itself is read by path, never copied.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface TruthSegment {
  start: number;
  end: number;
  hz: number | null;
  steady?: boolean;
  note?: number;
  hz_curve?: [number, number][];
}

export interface TruthFile {
  file: string;
  sample_rate: number;
  condition: string;
  tags: string[];
  duration_s: number;
  notes: { midi: number; name: string; measured_hz: number }[];
  segments: TruthSegment[];
  reference_track?: { frame: number; hop: number; hz: (number | null)[] };
}

export interface Truth {
  format: string;
  files: TruthFile[];
}

export type FrameLabel =
  { voiced: false } | { voiced: true; hz: number; steady: boolean; note: number } | null;

const EPS = 1e-6;

/** Default corpus folder: $EMBOUCHURE_AUDIO_DIR, else ../shared/audio from the project root. */
export function defaultCorpusDir(): string {
  const fromEnv = process.env.EMBOUCHURE_AUDIO_DIR;
  if (fromEnv) return resolve(fromEnv);
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  return resolve(root, '..', 'shared', 'audio');
}

export function corpusAvailable(dir: string): boolean {
  return existsSync(join(dir, 'truth.json'));
}

export function loadTruth(dir: string): Truth {
  const truth = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')) as Truth;
  if (!Array.isArray(truth.files)) throw new Error(`${dir}/truth.json: no "files" array`);
  return truth;
}

export interface Wav {
  sampleRate: number;
  samples: Float32Array;
}

/** RIFF/WAVE reader: PCM 8/16/24/32-bit or IEEE float 32/64, channels averaged to mono. */
export function readWav(path: string): Wav {
  const buf = readFileSync(path);
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error(`${path}: not a RIFF/WAVE file`);
  }
  let pos = 12;
  let format = 0;
  let channels = 0;
  let sampleRate = 0;
  let bits = 0;
  let dataStart = -1;
  let dataBytes = 0;
  while (pos + 8 <= buf.length) {
    const id = buf.toString('ascii', pos, pos + 4);
    const size = buf.readUInt32LE(pos + 4);
    const body = pos + 8;
    if (id === 'fmt ') {
      format = buf.readUInt16LE(body);
      channels = buf.readUInt16LE(body + 2);
      sampleRate = buf.readUInt32LE(body + 4);
      bits = buf.readUInt16LE(body + 14);
      // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the sub-format GUID.
      if (format === 0xfffe && size >= 26) format = buf.readUInt16LE(body + 24);
    } else if (id === 'data') {
      dataStart = body;
      dataBytes = Math.min(size, buf.length - body);
    }
    pos = body + size + (size & 1);
  }
  if (dataStart < 0 || channels < 1) throw new Error(`${path}: no fmt/data chunk`);
  const bytes = bits / 8;
  const frames = Math.floor(dataBytes / (bytes * channels));
  const samples = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let acc = 0;
    for (let c = 0; c < channels; c++) {
      const o = dataStart + (i * channels + c) * bytes;
      let v: number;
      if (format === 3) v = bits === 64 ? buf.readDoubleLE(o) : buf.readFloatLE(o);
      else if (bits === 16) v = buf.readInt16LE(o) / 32768;
      else if (bits === 24) v = buf.readIntLE(o, 3) / 8388608;
      else if (bits === 32) v = buf.readInt32LE(o) / 2147483648;
      else if (bits === 8) v = (buf.readUInt8(o) - 128) / 128;
      else throw new Error(`${path}: unsupported ${bits}-bit format ${format}`);
      acc += v;
    }
    samples[i] = acc / channels;
  }
  return { sampleRate, samples };
}

function segmentHzAt(seg: TruthSegment, t: number): number {
  const curve = seg.hz_curve;
  if (!curve) return seg.hz ?? 0;
  let v = curve[0][1];
  for (const [tt, hz] of curve) {
    if (tt <= t) v = hz;
    else break;
  }
  return v;
}

/** Integral of log2(f(t)) over [a, b] inside one voiced segment. */
function log2Integral(seg: TruthSegment, a: number, b: number): number {
  const curve = seg.hz_curve;
  if (!curve) return Math.log2(seg.hz ?? 1) * (b - a);
  let acc = 0;
  let t = a;
  let v = segmentHzAt(seg, a);
  for (const [tt, hz] of curve) {
    if (tt <= a) continue;
    if (tt >= b) break;
    acc += Math.log2(v) * (tt - t);
    t = tt;
    v = hz;
  }
  return acc + Math.log2(v) * (b - t);
}

/** Label the analysis frame [t0, t1) seconds (corpus README, "Frame labelling"). */
export function labelFrame(segments: TruthSegment[], t0: number, t1: number): FrameLabel {
  const cover = segments.filter((s) => s.end > t0 + EPS && s.start < t1 - EPS);
  if (cover.length === 0) return null;
  if (cover.some((s) => s.hz === null)) {
    const only = cover.length === 1 ? cover[0] : null;
    return only && only.start <= t0 + EPS && only.end >= t1 - EPS ? { voiced: false } : null;
  }
  if (cover[0].start > t0 + EPS || cover[cover.length - 1].end < t1 - EPS) return null;
  const note = cover[0].note ?? 0;
  for (let i = 1; i < cover.length; i++) {
    if (Math.abs(cover[i].start - cover[i - 1].end) > EPS) return null;
    if ((cover[i].note ?? 0) !== note) return null;
  }
  let acc = 0;
  for (const s of cover) acc += log2Integral(s, Math.max(s.start, t0), Math.min(s.end, t1));
  const hz = 2 ** (acc / (t1 - t0));
  const steady = cover.every((s) => s.steady === true && !s.hz_curve && s.hz === cover[0].hz);
  return { voiced: true, hz, steady, note };
}

export const CHUNK = 128;

/**
 * The product's framing: every 128-sample chunk divided by its own max |x| (a chunk of zeros
 * stays zeros, divisor 0). Returns the normalised signal and one divisor per chunk.
 */
export function normaliseChunks(samples: Float32Array): {
  normalised: Float32Array;
  divisors: Float32Array;
} {
  const chunks = Math.ceil(samples.length / CHUNK);
  const normalised = new Float32Array(chunks * CHUNK);
  const divisors = new Float32Array(chunks);
  for (let c = 0; c < chunks; c++) {
    const end = Math.min(samples.length, (c + 1) * CHUNK);
    let peak = 0;
    for (let i = c * CHUNK; i < end; i++) peak = Math.max(peak, Math.abs(samples[i]));
    divisors[c] = peak;
    if (peak > 0) for (let i = c * CHUNK; i < end; i++) normalised[i] = samples[i] / peak;
  }
  return { normalised, divisors };
}

/** Cents from `expectedHz` to `hz`. */
export function centsOff(hz: number, expectedHz: number): number {
  return 1200 * Math.log2(hz / expectedHz);
}
