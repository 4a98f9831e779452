/**
 * `npm run assess -- --score PIECE.musicxml --audio TAKE.wav [options]`: grades a recording
 * against a score with the app's own code (assess-pipeline.ts) and prints a per-note table a
 * teacher can read; `--json OUT.json` writes the assessor's JSON. Bad input exits 2 with one line.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { assessRecording, type Response } from './assess-pipeline';
import { decodeWav } from '../src/audio/offline/wav';
import {
  MAX_A4_HZ,
  MIN_A4_HZ,
  parseSpelledNote,
  spelledNoteName,
  spelledToMidi,
  type SpelledNote,
} from '../src/music/theory/notes';
import { droneJudgedText, type DroneReference } from '../src/music/theory/drone-intonation';
import { scoreAgainstDrone } from '../src/music/assessment/drone-aims';
import { formatCents } from '../src/music/theory/cents';
import { MAX_BAND_CENTS, MIN_BAND_CENTS } from '../src/music/assessment/curves';
import { MOVING_NOTES_BAND_CENTS } from '../src/music/assessment/bands';
import { parseScoreFile } from '../src/music/score/mxl';
import { ScoreReadError } from '../src/music/score/score-read-error';
import { scoreForInstrument } from '../src/music/score/score-transpose';
import {
  getInstrument,
  INSTRUMENT_IDS,
  isInstrumentId,
  type InstrumentId,
} from '../src/music/theory/transposition';
import type { AttemptAssessment, NoteFlag } from '../src/music/assessment/assessment-types';
import type { TimingReference } from '../src/music/assessment/timing';
import { tempoLabel, tempoLine } from '../src/music/assessment/played-tempo';

export class UsageError extends Error {}

const USAGE = `usage: npm run assess -- --score PIECE.musicxml|.xml|.mxl --audio TAKE.wav
  [--instrument ${INSTRUMENT_IDS.join('|')}] [--a4 ${MIN_A4_HZ}..${MAX_A4_HZ}] [--tempo BPM]
  [--band ${MIN_BAND_CENTS}..${MAX_BAND_CENTS} (default ${MOVING_NOTES_BAND_CENTS}, as the pieces)] [--vibrato]
  [--response block|fast] [--part ID] [--drone NOTE] [--json OUT.json]
  --vibrato: lyrical music, a regular vibrato is judged on its centre (not flat, not wavering)
  --drone: a drone sounded on this written note (C, Bb, F#): judged in just intonation over it`;

export interface CliOptions {
  score: string;
  audio: string;
  instrument: InstrumentId;
  a4Hz: number;
  tempoQpm: number | null;
  bandCents: number;
  /** Lyrical music: the assessor's vibrato allowance (issue 37, U8). */
  vibrato: boolean;
  response: Response;
  part: string | undefined;
  /** The drone's root as written for the instrument ("C", "Bb"): just intonation over it (U5). */
  drone: string | null;
  json: string | null;
}

function numberIn(name: string, text: string | undefined, low: number, high: number): number {
  const value = Number(text);
  if (text === undefined || !Number.isFinite(value) || value < low || value > high) {
    throw new UsageError(
      `--${name} must be a number from ${low} to ${high}, got ${text ?? 'nothing'}`,
    );
  }
  return value;
}

export function parseArgs(argv: readonly string[]): CliOptions {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') throw new UsageError(USAGE);
    // The one switch: it takes no value (`--vibrato=on|off` is read too).
    if (arg === '--vibrato') {
      values.set('vibrato', 'on');
      continue;
    }
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    if (!flag.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    values.set(flag.slice(2), value);
  }
  const known = [
    'score',
    'audio',
    'instrument',
    'a4',
    'tempo',
    'band',
    'vibrato',
    'response',
    'part',
    'drone',
    'json',
  ];
  for (const key of values.keys()) {
    if (!known.includes(key)) throw new UsageError(`unknown option --${key}\n${USAGE}`);
  }
  const score = values.get('score');
  const audio = values.get('audio');
  if (!score || !audio) throw new UsageError(`--score and --audio are required\n${USAGE}`);
  const instrument = values.get('instrument') ?? 'bb-trumpet';
  if (!isInstrumentId(instrument)) {
    throw new UsageError(
      `--instrument must be one of ${INSTRUMENT_IDS.join(', ')}, got ${instrument}`,
    );
  }
  const response = values.get('response') ?? 'fast';
  if (response !== 'block' && response !== 'fast') {
    throw new UsageError(`--response must be block or fast, got ${response}`);
  }
  const vibrato = values.get('vibrato') ?? 'off';
  if (vibrato !== 'on' && vibrato !== 'off') {
    throw new UsageError(`--vibrato takes no value (or =on, =off), got ${vibrato}`);
  }
  return {
    score,
    audio,
    instrument,
    a4Hz: values.has('a4') ? numberIn('a4', values.get('a4'), MIN_A4_HZ, MAX_A4_HZ) : 440,
    tempoQpm: values.has('tempo') ? numberIn('tempo', values.get('tempo'), 20, 400) : null,
    bandCents: values.has('band')
      ? numberIn('band', values.get('band'), MIN_BAND_CENTS, MAX_BAND_CENTS)
      : MOVING_NOTES_BAND_CENTS,
    vibrato: vibrato === 'on',
    response,
    part: values.get('part'),
    drone: droneNameOf(values.get('drone')),
    json: values.get('json') ?? null,
  };
}

/** A drone's root as a player names it: a letter and an accidental ("C", "Bb", "F#"). */
function droneNameOf(text: string | undefined): string | null {
  if (text === undefined) return null;
  if (!/^[A-Ga-g](b|#|♭|♯)?$/.test(text) || parseSpelledNote(`${text}4`) === null) {
    throw new UsageError(`--drone must be a note name such as C, Bb or F#, got ${text}`);
  }
  return text[0].toUpperCase() + text.slice(1);
}

/** The drone for the assessor: its written root read on the instrument, sounding concert. */
function droneReference(name: string, instrument: InstrumentId): DroneReference {
  const written = parseSpelledNote(`${name}4`) as SpelledNote;
  return {
    rootConcertMidi: spelledToMidi(written) + getInstrument(instrument).concertOffsetSemitones,
    name: spelledNoteName(written).replace(/\d+$/, ''),
  };
}

function readInput(path: string, what: string): Uint8Array {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read the ${what} ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : String(code ?? error)}`,
    );
  }
}

function decodeAudio(
  path: string,
  bytes: Uint8Array,
): { samples: Float32Array; sampleRate: number } {
  let decoded;
  try {
    decoded = decodeWav(bytes);
  } catch (error) {
    throw new UsageError(
      `cannot read the audio ${basename(path)}: ${(error as Error).message}; save it as a 16- or 24-bit PCM or 32-bit float WAV`,
    );
  }
  if (!(decoded.sampleRate >= 8000 && decoded.sampleRate <= 192000)) {
    throw new UsageError(
      `the audio ${basename(path)} has an unusable sample rate (${decoded.sampleRate} Hz)`,
    );
  }
  if (decoded.samples.length < decoded.sampleRate / 10) {
    throw new UsageError(`the audio ${basename(path)} is shorter than 0.1 s`);
  }
  return decoded;
}

const flagText = (f: NoteFlag): string => {
  switch (f.flag) {
    case 'late':
    case 'early':
    case 'uneven':
      return `${f.flag} ${f.ms} ms`;
    case 'sharp':
    case 'flat':
    case 'unsteady':
      return `${f.flag} ${f.cents} ¢`;
    case 'cracked':
      return `cracked at ${f.atMs} ms (${f.kind}, ${f.lengthMs} ms)`;
    case 'scooped':
      return `scooped from ${f.cents} ¢ (${f.ms} ms)`;
  }
};

/** The tempo played beside the one asked for, and what a teacher would say of it (U7). */
function tempoText(result: AttemptAssessment): string {
  const tempo = result.playedTempo;
  if (!tempo) return 'tempo played: too few notes to tell';
  const said = tempoLine(tempo);
  return `tempo played: ${tempoLabel(tempo)}, marking ♩=${Math.round(tempo.markedQpm)}${said ? `: ${said}` : ''}`;
}

export function formatTable(
  title: string,
  result: AttemptAssessment,
  notices: readonly string[] = [],
): string {
  const rows = [
    [
      '#',
      'bar',
      'written',
      'onset s',
      'heard',
      'cents',
      'verdict',
      'pitch',
      'time',
      'steady',
      'notes',
    ],
  ];
  for (const n of result.notes) {
    rows.push([
      String(n.index + 1),
      n.measure,
      n.written,
      n.onsetMs === null ? '–' : (n.onsetMs / 1000).toFixed(2),
      n.heard ?? '–',
      // formatCents: a note 0.2 ¢ flat rounds to "0", never "-0" (U21).
      n.cents === null ? '–' : formatCents(n.cents, 0, ''),
      n.verdict,
      n.scores.pitch.toFixed(0),
      n.scores.timing.toFixed(0),
      n.scores.steadiness.toFixed(0),
      n.flags.map(flagText).join(', '),
    ]);
  }
  const widths = (rows[0] as string[]).map((_, c) =>
    Math.max(...rows.map((r) => (r[c] as string).length)),
  );
  const lines = rows.map((r) =>
    r
      .map((cell, c) => cell.padEnd(widths[c] as number))
      .join('  ')
      .trimEnd(),
  );
  const s = result.scores;
  const count = (v: string) => result.notes.filter((n) => n.verdict === v).length;
  // What the reader simplified or assumed (a part named in B♭ without <transpose>, chords
  // reduced): said before the verdicts, so a surprising verdict has its reason in view.
  lines.unshift(title, ...notices.map((n) => `note: ${n}`), '');
  lines.push(
    '',
    `${count('played')} played, ${count('wrong')} wrong, ${count('missed')} missed of ${result.notes.length} notes`,
    `scores: pitch ${s.pitch.toFixed(0)}, timing ${s.timing.toFixed(0)}, steadiness ${s.steadiness.toFixed(0)}, overall ${s.overall.toFixed(0)}`,
    tempoText(result),
    `fix first: ${result.fixFirst ?? 'nothing: a clean performance'}`,
  );
  return lines.join('\n');
}

export function runAssess(argv: readonly string[]): { text: string; result: AttemptAssessment } {
  const options = parseArgs(argv);
  const scoreBytes = readInput(options.score, 'score');
  const audioBytes = readInput(options.audio, 'audio');
  let score;
  try {
    score = parseScoreFile(
      basename(options.score),
      scoreBytes,
      options.part ? { partId: options.part } : {},
    );
  } catch (error) {
    if (error instanceof ScoreReadError)
      throw new UsageError(`cannot read the score ${basename(options.score)}: ${error.reason}`);
    throw error;
  }
  const played = scoreForInstrument(score, options.instrument);
  const { samples, sampleRate } = decodeAudio(options.audio, audioBytes);
  const timing: TimingReference = options.tempoQpm
    ? { kind: 'tempo', qpm: options.tempoQpm }
    : { kind: 'free' };
  const drone = options.drone ? droneReference(options.drone, options.instrument) : null;
  const { assessment } = assessRecording(scoreAgainstDrone(played, drone), samples, sampleRate, {
    a4Hz: options.a4Hz,
    bandCents: options.bandCents,
    vibrato: options.vibrato,
    timing,
    response: options.response,
    // Its fingerings decide the advice (a piccolo's 4th valve: U6).
    instrument: options.instrument,
  });
  if (options.json) {
    try {
      writeFileSync(options.json, `${JSON.stringify(assessment, null, 2)}\n`);
    } catch (error) {
      throw new UsageError(`cannot write ${options.json}: ${(error as Error).message}`);
    }
  }
  const title = `${played.title || basename(options.score)} · ${played.partName} · ${basename(options.audio)} · ${options.instrument}, A4 = ${options.a4Hz} Hz, band ±${options.bandCents} ¢${options.vibrato ? ', vibrato allowed' : ''}${options.tempoQpm ? `, ${options.tempoQpm} bpm` : ''}`;
  const table = formatTable(title, assessment, played.notices);
  return { text: drone ? `${table}\n${droneJudgedText(drone)}` : table, result: assessment };
}
