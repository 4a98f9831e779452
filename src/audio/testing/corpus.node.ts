/**
 * The labelled trumpet recordings (../shared/audio, or EMBOUCHURE_AUDIO_DIR) and the compiled
 * engine, for node tests that run the real worklet code on them. Node only (reads files).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const PROJECT_ROOT = join(import.meta.dirname, '..', '..', '..');
export const AUDIO_DIR =
  process.env.EMBOUCHURE_AUDIO_DIR ?? join(PROJECT_ROOT, '..', 'shared', 'audio');

/** The compiled engine's bytes (`npm run build:engine` first). */
export const readEngineWasm = () =>
  readFileSync(join(PROJECT_ROOT, 'engine', 'build', 'pitch-engine.wasm'));

interface TruthFile {
  files: { file: string; notes: { midi: number; measured_hz: number }[] }[];
}
let truth: TruthFile | undefined;

/** The ground truth's first note of `file` (a corpus path such as 'clean/sr48000/…wav'), Hz. */
export function measuredHz(file: string): number {
  truth ??= JSON.parse(readFileSync(join(AUDIO_DIR, 'truth.json'), 'utf8')) as TruthFile;
  const hz = truth.files.find((f) => f.file === file)?.notes[0]?.measured_hz;
  if (hz === undefined) throw new Error(`${file} not in truth.json`);
  return hz;
}

/** Equal-tempered Hz of a MIDI number at A4 = 440 Hz, and cents of `hz` from `refHz`. */
export const hzOfMidi = (midi: number): number => 440 * 2 ** ((midi - 69) / 12);
export const centsFrom = (hz: number, refHz: number): number => 1200 * Math.log2(hz / refHz);
