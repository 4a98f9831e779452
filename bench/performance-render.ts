/**
 * Performances with known truth, stitched from the corpus's real trumpet notes (../shared/audio,
 * clean/: every semitone E3–C6 concert plus B♭2, C♯3, E♭6, F♯6): each played note is the
 * nearest recorded note, re-pitched by variable-rate resampling (so detuning, a wobble or a slip
 * to another partial are exact), its sustain looped for long notes, with dropouts and a quiet
 * noise floor. For the assessor's tests and `npm run bench:assess`; never written into the repo.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeWav } from '../src/audio/offline/wav';

export const RENDER_RATE = 48000;

export interface PlayedNote {
  /** Concert MIDI the player aims at (integer: a wrong note is just another number). */
  readonly midi: number;
  readonly onsetMs: number;
  readonly durationMs: number;
  /** Pitch offset over the note, cents, as a function of ms since the onset (default 0). */
  readonly centsAt?: (ms: number) => number;
  /** The sound stops for a while inside the note, and comes back (a dropout). */
  readonly dropout?: { readonly atMs: number; readonly lengthMs: number };
  /** The note slips to another partial for a while (semitones away, e.g. +5 or −5). */
  readonly slip?: { readonly atMs: number; readonly lengthMs: number; readonly semitones: number };
  /** Peak level, 0..1 (default 0.5). */
  readonly gain?: number;
}

interface SourceNote {
  midi: number;
  hz: number;
  samples: Float32Array;
  onset: number;
  loopStart: number;
  loopEnd: number;
}

interface TruthFile {
  file: string;
  sample_rate: number;
  notes: { midi: number; onset_s: number; offset_s: number; measured_hz: number }[];
}

let sources: SourceNote[] | null = null;

function resampleTo(samples: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return samples;
  const out = new Float32Array(Math.floor((samples.length * to) / from));
  const step = from / to;
  for (let i = 0; i < out.length; i++) {
    const x = i * step;
    const k = Math.floor(x);
    const f = x - k;
    out[i] = (samples[k] ?? 0) * (1 - f) + (samples[k + 1] ?? 0) * f;
  }
  return out;
}

export function loadSources(audioDir: string): SourceNote[] {
  if (sources) return sources;
  const truth = JSON.parse(readFileSync(join(audioDir, 'truth.json'), 'utf8')) as {
    files: TruthFile[];
  };
  sources = truth.files
    .filter((f) => f.file.startsWith('clean/') && f.notes.length === 1)
    .map((f) => {
      const note = f.notes[0] as TruthFile['notes'][number];
      const wav = decodeWav(readFileSync(join(audioDir, f.file)));
      const samples = resampleTo(wav.samples, wav.sampleRate, RENDER_RATE);
      const onset = Math.round(note.onset_s * RENDER_RATE);
      return {
        midi: note.midi,
        hz: note.measured_hz,
        samples,
        onset,
        loopStart: onset + Math.round(0.35 * RENDER_RATE),
        loopEnd: Math.round((note.offset_s - 0.1) * RENDER_RATE),
      };
    })
    .sort((a, b) => a.midi - b.midi);
  return sources;
}

const XFADE = Math.round(0.03 * RENDER_RATE);

/** Reads `source` at fractional position `pos`, looping its sustain with a crossfade. */
function readLooped(source: SourceNote, pos: number): number {
  const loopLength = source.loopEnd - source.loopStart;
  let p = pos;
  while (p >= source.loopEnd) p -= loopLength;
  const at = (x: number): number => {
    const k = Math.floor(x);
    const f = x - k;
    return (source.samples[k] ?? 0) * (1 - f) + (source.samples[k + 1] ?? 0) * f;
  };
  const intoEnd = p - (source.loopEnd - XFADE);
  if (pos >= source.loopStart + loopLength && intoEnd > 0) {
    // Crossfade the loop's end into the audio before its start.
    const w = intoEnd / XFADE;
    return at(p) * (1 - w) + at(p - loopLength) * w;
  }
  return at(p);
}

/** Mixes the notes into one recording of `lengthMs` (default: to the last note's end + 0.5 s). */
export function renderPerformance(
  audioDir: string,
  notes: readonly PlayedNote[],
  options: { lengthMs?: number; noiseDb?: number; seed?: number } = {},
): Float32Array {
  const all = loadSources(audioDir);
  const endMs =
    options.lengthMs ?? Math.max(0, ...notes.map((n) => n.onsetMs + n.durationMs)) + 500;
  const out = new Float32Array(Math.ceil((endMs / 1000) * RENDER_RATE));
  let seed = options.seed ?? 1;
  const noise = 10 ** ((options.noiseDb ?? -70) / 20);
  for (let i = 0; i < out.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    out[i] = noise * ((seed / 4294967296) * 2 - 1) * Math.SQRT2;
  }
  for (const note of notes) {
    const source = all.reduce((best, s) =>
      Math.abs(s.midi - note.midi) < Math.abs(best.midi - note.midi) ? s : best,
    );
    const start = Math.round((note.onsetMs / 1000) * RENDER_RATE);
    const length = Math.round((note.durationMs / 1000) * RENDER_RATE);
    const release = Math.round(0.04 * RENDER_RATE);
    const targetHz = 440 * 2 ** ((note.midi - 69) / 12);
    const gain = (note.gain ?? 0.5) / 0.5;
    let pos = source.onset;
    for (let i = 0; i < length + release && start + i < out.length; i++) {
      const ms = (i / RENDER_RATE) * 1000;
      let cents = note.centsAt?.(ms) ?? 0;
      let level = i < length ? 1 : 1 - (i - length) / release;
      if (note.slip && ms >= note.slip.atMs && ms < note.slip.atMs + note.slip.lengthMs) {
        cents += 100 * note.slip.semitones;
      }
      if (note.dropout) {
        const into = ms - note.dropout.atMs;
        if (into >= 0 && into < note.dropout.lengthMs) {
          // 5 ms fades at both ends of the dropout.
          const length = note.dropout.lengthMs;
          level *= into < 5 ? 1 - into / 5 : into > length - 5 ? (into - (length - 5)) / 5 : 0;
        }
      }
      const ratio = (targetHz * 2 ** (cents / 1200)) / source.hz;
      out[start + i] = (out[start + i] as number) + gain * level * readLooped(source, pos);
      pos += ratio;
    }
  }
  return out;
}
