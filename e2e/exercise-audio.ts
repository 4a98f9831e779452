/**
 * Phrases for the exercise tests, stitched from the corpus recordings (../shared/audio): each note
 * cut to its written length (a short silence before the next = a tongued attack), optionally
 * detuned by resampling, written as one 48 kHz mono WAV the fake microphone loops.
 */
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeWav } from '../src/audio/offline/wav';
import { audioFile } from './browser';
import { writeWav16 } from './synth-wav';

const RATE = 48000;

/** Mono 16-bit PCM WAV → samples in −1..1 and the sample rate. */
function readWav(path: string): { samples: Float32Array; rate: number } {
  const { samples, sampleRate } = decodeWav(readFileSync(path));
  return { samples, rate: sampleRate };
}

/** The corpus file of a concert MIDI note (clean, either sample rate). */
function cleanFile(concertMidi: number): string {
  const names: Record<number, string> = {
    52: 'sr48000/tpt_n052_E3.wav',
    58: 'sr48000/tpt_n058_Bb3.wav',
    60: 'sr48000/tpt_n060_C4.wav',
    62: 'sr48000/tpt_n062_D4.wav',
    63: 'sr44100/tpt_n063_Eb4_v110.wav',
    65: 'sr44100/tpt_n065_F4_v110.wav',
    67: 'sr44100/tpt_n067_G4_v110.wav',
    69: 'sr44100/tpt_n069_A4_v110.wav',
    70: 'sr48000/tpt_n070_Bb4.wav',
  };
  const name = names[concertMidi];
  if (!name)
    throw new Error(`No clean corpus note for concert MIDI ${concertMidi} in this helper.`);
  return audioFile(`clean/${name}`);
}

export interface PhraseNote {
  /** Concert MIDI of the recording, or null for silence. */
  concertMidi: number | null;
  /** Length of this slot, s. */
  seconds: number;
  /** Detune by resampling, cents (default 0). */
  cents?: number;
}

/** Corpus notes start after 0.15 s of silence. */
const NOTE_START_S = 0.15;
/** Silence at the end of each note's slot (the tongue), s. */
const GAP_S = 0.06;

/** Writes the phrase to a temporary WAV and returns its path. */
export function writePhrase(notes: readonly PhraseNote[]): string {
  const total = Math.round(notes.reduce((s, n) => s + n.seconds, 0) * RATE);
  const out = new Float32Array(total);
  let at = 0;
  for (const note of notes) {
    const slot = Math.round(note.seconds * RATE);
    if (note.concertMidi !== null) {
      const { samples, rate } = readWav(cleanFile(note.concertMidi));
      // Reading faster by 2^(cents/1200) raises the pitch by that many cents.
      const step = (rate / RATE) * 2 ** ((note.cents ?? 0) / 1200);
      const length = Math.min(slot - Math.round(GAP_S * RATE), Math.round(1.25 * RATE));
      const fade = Math.round(0.01 * RATE);
      for (let i = 0; i < length; i++) {
        const position = NOTE_START_S * rate + i * step;
        const k = Math.floor(position);
        if (k + 1 >= samples.length) break;
        const value = samples[k] + (samples[k + 1] - samples[k]) * (position - k);
        out[at + i] = value * Math.min(1, (length - i) / fade);
      }
    }
    at += slot;
  }
  const path = join(mkdtempSync(join(tmpdir(), 'embouchure-phrase-')), 'phrase.wav');
  return writeWav16(path, RATE, out);
}
