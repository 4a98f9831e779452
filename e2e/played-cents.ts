import { readFileSync } from 'node:fs';
import { audioDir } from './paths';

interface TruthFile {
  files: {
    file: string;
    notes: { nominal_hz: number }[];
    reference_track: { hz: (number | null)[] };
  }[];
}
let truth: TruthFile | undefined;

function entryOf(file: string): TruthFile['files'][number] {
  truth ??= JSON.parse(readFileSync(`${audioDir()}/truth.json`, 'utf8')) as TruthFile;
  const entry = truth.files.find((f) => f.file === file);
  if (!entry) throw new Error(`${file} is not in truth.json`);
  return entry;
}

/**
 * What a single-note corpus file actually plays, Hz: the mean pitch (in log frequency) of its
 * reference track's voiced frames. Not `measured_hz`: that is the mean of the whole sustain loop
 * (an 8 s render), and a 1.3 s note plays only part of the loop, whose wobble does not average
 * out (../shared/audio/README.md, `reference_track`). The B♭3 and C4 files play 3.5 ¢ above their
 * loop means, which left a 4 ¢ tolerance 0.5 ¢ for everything else (a CI failure at 4.01 ¢).
 */
function playedHz(file: string): number {
  const voiced = entryOf(file).reference_track.hz.filter((hz): hz is number => hz !== null);
  if (voiced.length === 0) throw new Error(`${file} has no voiced reference frames`);
  return 2 ** (voiced.reduce((sum, hz) => sum + Math.log2(hz), 0) / voiced.length);
}

/** Cents of what the file plays (`playedHz`) from its note's equal-tempered pitch at A4 = 440. */
export function playedCents(file: string): number {
  const note = entryOf(file).notes[0];
  if (!note) throw new Error(`${file} has no note in truth.json`);
  return 1200 * Math.log2(playedHz(file) / note.nominal_hz);
}
