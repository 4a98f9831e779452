/**
 * Studying a take: per note, how it sat against the tempered note (median offset, spread, onset),
 * and the harmonic spectrum of a sustained note with one brightness number. Pure (numbers in,
 * numbers out): the view decodes the audio and hands samples here.
 */
import { centsBetween, DEFAULT_A4_HZ, hzToMidi, median, midiToHz } from '../music';
import { READING_STRIDE, type TakeNote } from './take-format';

/** Skip the attack when judging a note: the same 200 ms the long-tone scoring skips. */
export const ATTACK_SKIP_MS = 200;

export interface NoteStudy {
  /** Concert MIDI number of the tempered note the stream named. */
  midi: number;
  onsetMs: number;
  durationMs: number;
  /** Median of the readings' offset from the tempered note, cents (NaN with no readings). */
  medianCents: number;
  /** Standard deviation of the offset, cents (steadiness). */
  spreadCents: number;
  readings: number;
}

/** One row per note of the take, readings after the attack that name the note (±50 ¢). */
export function studyNotes(
  readings: readonly number[],
  notes: readonly TakeNote[],
  a4Hz: number = DEFAULT_A4_HZ,
): NoteStudy[] {
  return notes.map((note) => {
    const midi = Math.round(hzToMidi(note.hz, a4Hz));
    const targetHz = midiToHz(midi, a4Hz);
    const from = Math.min(note.onsetMs + ATTACK_SKIP_MS, (note.onsetMs + note.offsetMs) / 2);
    const offsets: number[] = [];
    for (let i = 0; i + READING_STRIDE <= readings.length; i += READING_STRIDE) {
      const timeMs = readings[i];
      const hz = readings[i + 1];
      if (timeMs < from || timeMs > note.offsetMs || hz <= 0) continue;
      const cents = centsBetween(targetHz, hz);
      if (Math.abs(cents) <= 50) offsets.push(cents);
    }
    const mean = offsets.reduce((sum, c) => sum + c, 0) / (offsets.length || 1);
    const variance = offsets.reduce((sum, c) => sum + (c - mean) ** 2, 0) / (offsets.length || 1);
    return {
      midi,
      onsetMs: note.onsetMs,
      durationMs: note.offsetMs - note.onsetMs,
      medianCents: median(offsets) ?? Number.NaN,
      spreadCents: offsets.length ? Math.sqrt(variance) : Number.NaN,
      readings: offsets.length,
    };
  });
}

/** Notes held at least this long can be studied for tone. */
export const SUSTAINED_MS = 500;

/** The longest note of at least SUSTAINED_MS, or null. */
export function longestSustainedNote(notes: readonly TakeNote[]): TakeNote | null {
  let best: TakeNote | null = null;
  for (const note of notes) {
    const length = note.offsetMs - note.onsetMs;
    if (length >= SUSTAINED_MS && (!best || length > best.offsetMs - best.onsetMs)) best = note;
  }
  return best;
}

export interface HarmonicSpectrum {
  f0Hz: number;
  /** Amplitude of harmonics 1..n relative to the strongest, 0..1. */
  amplitudes: number[];
  /**
   * Brightness: the amplitude-weighted mean harmonic number (the spectral centroid divided by the
   * fundamental; Beauchamp 1982, "Synthesis by spectral amplitude and brightness matching", the
   * measure timbre studies since Grey & Gordon 1978 link to perceived brightness). 1 = a pure
   * sine; a brassier tone scores higher.
   */
  brightness: number;
}

/**
 * Amplitudes of the first `harmonics` harmonics of `f0Hz` in `samples` (Hann window, one DFT bin
 * at each exact harmonic frequency, i.e. the Goertzel evaluation: the note's f0 comes from the
 * stream, so no FFT grid is needed). Harmonics above Nyquist are 0.
 */
export function harmonicSpectrum(
  samples: Float32Array,
  sampleRate: number,
  f0Hz: number,
  harmonics = 10,
): HarmonicSpectrum {
  if (!(f0Hz > 0) || !(sampleRate > 0) || samples.length < 64) {
    throw new RangeError('harmonicSpectrum needs f0Hz > 0, sampleRate > 0 and ≥ 64 samples');
  }
  const n = samples.length;
  const raw: number[] = [];
  for (let k = 1; k <= harmonics; k++) {
    const hz = k * f0Hz;
    if (hz >= sampleRate / 2) {
      raw.push(0);
      continue;
    }
    const w = (2 * Math.PI * hz) / sampleRate;
    let re = 0;
    let im = 0;
    for (let i = 0; i < n; i++) {
      const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1));
      const x = samples[i] * hann;
      re += x * Math.cos(w * i);
      im -= x * Math.sin(w * i);
    }
    raw.push(Math.hypot(re, im));
  }
  const peak = Math.max(...raw);
  const amplitudes = raw.map((a) => (peak > 0 ? a / peak : 0));
  const total = amplitudes.reduce((sum, a) => sum + a, 0);
  const brightness = total > 0 ? amplitudes.reduce((sum, a, i) => sum + a * (i + 1), 0) / total : 0;
  return { f0Hz, amplitudes, brightness };
}
