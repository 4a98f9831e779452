/**
 * A take as data: what is stored, exported and imported. Pure (no DOM, no storage).
 *
 * A take is audio plus the pitch stream that was heard with it, on one clock: every time below is
 * ms from the first recorded sample (the readings' `timeMs` less the take's start, both on the
 * stream's `performance.now()` timeline, `src/audio/stream/pitch-service-types.ts`).
 */

import { finite, isObject, need, nonNegative, text, TakeFileError, type Json } from './take-json';
import { takePieceFrom, type TakePiece } from './take-piece';

export { TakeFileError } from './take-json';
export type { TakePiece, TakePieceAttempt } from './take-piece';

export const TAKE_FORMAT = 'embouchure-take';
/** Version of the exported JSON. A file from a newer version is refused, never half-read. */
export const TAKE_FORMAT_VERSION = 1;

/** Where the take was recorded: the tuner or an exercise kind (`long-tones`, `scales`, …). */
export type TakeSource = string;

/**
 * One reading, packed: [timeMs, hz, clarity, levelDb, noteHz]. Packed because a fast-mode hour is
 * ~600 000 readings: objects would be ten times the memory and storage.
 */
export type PackedReading = readonly [number, number, number, number, number];
export const READING_FIELDS = ['timeMs', 'hz', 'clarity', 'levelDb', 'noteHz'] as const;
export const READING_STRIDE = READING_FIELDS.length;

/** A note the stream reported (note-on to note-off), times from the take's start. */
export interface TakeNote {
  onsetMs: number;
  offsetMs: number;
  hz: number;
}

/** What the takes list shows, stored as one row per take. */
export interface TakeMeta {
  id: string;
  name: string;
  source: TakeSource;
  /** Wall-clock start, ms since the epoch. */
  startedAtMs: number;
  durationMs: number;
  /** Audio bytes stored. */
  bytes: number;
  /** The recorder's container and codec, e.g. `audio/webm;codecs=opus`. */
  mimeType: string;
  noteCount: number;
  /** Concert MIDI numbers of the notes played, in order, repeats merged (at most NOTES_SHOWN). */
  notesMidi: number[];
  /**
   * `recording`: being written (or the app died while it was: shown as interrupted, kept);
   * `complete`: stopped by the player; `interrupted`: the microphone went away, storage filled.
   */
  state: 'recording' | 'complete' | 'interrupted';
  /** Why an interrupted take ended, one sentence. */
  endReason?: string;
  /** A take recorded on a piece's practice screen: the piece and its verdicts (absent before). */
  piece?: TakePiece;
  /**
   * Whether the trace's origin was found in the audio (the frame of its first sample, to the
   * sample) or is the frame processed when recording began (a few ms off; absent: older takes).
   */
  originMeasured?: boolean;
  /**
   * The microphone's input latency behind the times (against the metronome, not against the
   * take's own audio): reported by the browser, calibrated by the player, or unknown.
   */
  inputLatency?: InputLatencySource;
  /**
   * Recorded on another device of the player's account (issue 35): this device has the take's
   * details from the sync, not its audio or trace, which stay where it was recorded.
   */
  elsewhere?: boolean;
  /** When the player last renamed it (epoch ms): the later rename wins between devices. */
  renamedAtMs?: number;
  /**
   * The player's choice for this take's audio: kept in the account (true), kept on its device
   * only (false); absent, the preference for every take decides (off unless turned on).
   */
  keepAudio?: boolean;
  /** Its audio and trace are in the account (set by the device that sent them). */
  audioInAccount?: boolean;
  /** When the choice above or `audioInAccount` last changed (epoch ms): the later change wins. */
  editedAtMs?: number;
}

export const INPUT_LATENCY_SOURCES = ['reported', 'calibrated', 'unknown'] as const;
export type InputLatencySource = (typeof INPUT_LATENCY_SOURCES)[number];

export const NOTES_SHOWN = 24;

/** A whole take in memory (export, import, playback). */
export interface Take {
  meta: TakeMeta;
  /** Flat: READING_STRIDE numbers per reading, sorted by time. */
  readings: number[];
  notes: TakeNote[];
  audio: Blob;
}

/** The JSON file of an export; the audio travels beside it as `audio.fileName`. */
export interface TakeFile {
  format: typeof TAKE_FORMAT;
  version: number;
  take: Omit<TakeMeta, 'state'> & { state: 'complete' | 'interrupted' };
  audio: { fileName: string; mimeType: string; bytes: number };
  readings: { fields: readonly string[]; rows: number[][] };
  notes: TakeNote[];
}

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/wav': 'wav',
};

/** File extension for a recorder MIME type (`audio/webm;codecs=opus` → `webm`). */
export function extensionFor(mimeType: string): string {
  return EXTENSIONS[mimeType.split(';')[0].trim().toLowerCase()] ?? 'bin';
}

/** `embouchure-take-2026-11-22-2314` (local time), safe on every file system. */
export function baseFileName(meta: Pick<TakeMeta, 'startedAtMs'>): string {
  const d = new Date(meta.startedAtMs);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `embouchure-take-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
}

/** The JSON export of a take (readings as rows with named fields). */
export function takeToFile(take: Take): TakeFile {
  const rows: number[][] = [];
  for (let i = 0; i + READING_STRIDE <= take.readings.length; i += READING_STRIDE) {
    rows.push(take.readings.slice(i, i + READING_STRIDE));
  }
  const { state, ...meta } = take.meta;
  return {
    format: TAKE_FORMAT,
    version: TAKE_FORMAT_VERSION,
    take: { ...meta, state: state === 'complete' ? 'complete' : 'interrupted' },
    audio: {
      fileName: `${baseFileName(take.meta)}.${extensionFor(take.meta.mimeType)}`,
      mimeType: take.meta.mimeType,
      bytes: take.audio.size,
    },
    readings: { fields: READING_FIELDS, rows },
    notes: take.notes,
  };
}

/** The readings as CSV (header, one row per reading), for a spreadsheet. */
export function readingsCsv(readings: readonly number[]): string {
  const lines = [READING_FIELDS.join(',')];
  for (let i = 0; i + READING_STRIDE <= readings.length; i += READING_STRIDE) {
    lines.push(readings.slice(i, i + READING_STRIDE).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Parses and validates an exported take's JSON entirely (nothing is stored before this returns).
 * Throws a `TakeFileError` naming the first problem.
 */
export function parseTakeFile(json: string): TakeFile {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new TakeFileError('it is not JSON');
  }
  if (!isObject(data) || data.format !== TAKE_FORMAT) {
    throw new TakeFileError(`it is not an Embouchure take (format must be "${TAKE_FORMAT}")`);
  }
  const version = data.version;
  need(Number.isInteger(version) && (version as number) >= 1, 'version must be 1 or more', 0);
  if ((version as number) > TAKE_FORMAT_VERSION) {
    throw new TakeFileError(
      `version ${String(version)} is newer than this app reads (${TAKE_FORMAT_VERSION}): update the app`,
    );
  }
  const take = need(isObject(data.take), 'take is missing', data.take as Json);
  const durationMs = nonNegative(take, 'durationMs', 'take');
  const meta = {
    id: text(take, 'id', 'take', 100),
    name: text(take, 'name', 'take', 200),
    source: text(take, 'source', 'take', 40),
    startedAtMs: nonNegative(take, 'startedAtMs', 'take'),
    durationMs,
    bytes: nonNegative(take, 'bytes', 'take'),
    mimeType: text(take, 'mimeType', 'take', 100),
    noteCount: nonNegative(take, 'noteCount', 'take'),
    notesMidi: need(
      Array.isArray(take.notesMidi) &&
        take.notesMidi.length <= NOTES_SHOWN &&
        take.notesMidi.every((m) => Number.isInteger(m) && m >= 0 && m <= 127),
      `take.notesMidi must be at most ${NOTES_SHOWN} MIDI numbers 0–127`,
      take.notesMidi as number[],
    ),
    state: need(
      take.state === 'complete' || take.state === 'interrupted',
      'take.state must be "complete" or "interrupted"',
      take.state as 'complete' | 'interrupted',
    ),
    ...(typeof take.endReason === 'string' ? { endReason: take.endReason.slice(0, 300) } : {}),
    ...(take.piece === undefined ? {} : { piece: takePieceFrom(take.piece) }),
    ...(typeof take.originMeasured === 'boolean' ? { originMeasured: take.originMeasured } : {}),
    ...((INPUT_LATENCY_SOURCES as readonly unknown[]).includes(take.inputLatency)
      ? { inputLatency: take.inputLatency as InputLatencySource }
      : {}),
  };
  need(audioMimeType(meta.mimeType), `take.mimeType "${meta.mimeType}" is not an audio type`, 0);
  const audio = need(isObject(data.audio), 'audio is missing', data.audio as Json);
  const audioInfo = {
    fileName: text(audio, 'fileName', 'audio', 200),
    mimeType: text(audio, 'mimeType', 'audio', 100),
    bytes: nonNegative(audio, 'bytes', 'audio'),
  };
  const readings = need(isObject(data.readings), 'readings is missing', data.readings as Json);
  const fields = readings.fields;
  need(
    Array.isArray(fields) &&
      fields.length === READING_STRIDE &&
      fields.every((f, i) => f === READING_FIELDS[i]),
    `readings.fields must be ${READING_FIELDS.join(', ')}`,
    0,
  );
  const rows = need(Array.isArray(readings.rows), 'readings.rows must be a list', readings.rows);
  let previous = -Infinity;
  const inOrder: number[][] = [];
  (rows as unknown[]).forEach((row, i) => {
    if (!Array.isArray(row) || row.length !== READING_STRIDE || !row.every((v) => finite(v))) {
      throw new TakeFileError(`readings.rows[${i}] must be ${READING_STRIDE} numbers`);
    }
    const [timeMs, hz, clarity] = row;
    if (timeMs < 0 || timeMs > durationMs + 1000) {
      throw new TakeFileError(
        `readings.rows[${i}] time ${timeMs} ms is outside the take (0 to ${durationMs} ms)`,
      );
    }
    if (hz < 0 || clarity < 0 || clarity > 1) {
      throw new TakeFileError(`readings.rows[${i}] has a negative Hz or a clarity outside 0–1`);
    }
    // A row stamped before the one above it: files of the app before it kept its trace in order
    // (take-recorder.ts) could hold a few, from Firefox under load. The take is imported without
    // them rather than refused.
    if (timeMs < previous) return;
    previous = timeMs;
    inOrder.push(row);
  });
  const notes = need(Array.isArray(data.notes), 'notes must be a list', data.notes as unknown[]);
  notes.forEach((note, i) => {
    if (
      !isObject(note) ||
      !finite(note.onsetMs) ||
      !finite(note.offsetMs) ||
      !finite(note.hz) ||
      note.hz <= 0 ||
      note.offsetMs < note.onsetMs
    ) {
      throw new TakeFileError(`notes[${i}] must have onsetMs ≤ offsetMs and hz > 0`);
    }
  });
  return {
    format: TAKE_FORMAT,
    version: version as number,
    take: meta,
    audio: audioInfo,
    readings: { fields: READING_FIELDS, rows: inOrder },
    notes: (notes as TakeNote[]).map(({ onsetMs, offsetMs, hz }) => ({ onsetMs, offsetMs, hz })),
  };
}

function audioMimeType(mimeType: string): boolean {
  return /^audio\/[a-z0-9.+-]+(\s*;.*)?$/i.test(mimeType);
}

/**
 * A take from its validated JSON and the audio file chosen with it. The audio must be the one the
 * JSON names (same size, an audio type): a wrong pair is refused rather than stored out of sync.
 */
export function takeFromFile(file: TakeFile, audio: Blob, newId: string): Take {
  if (audio.size !== file.audio.bytes) {
    throw new TakeFileError(
      `the audio file is ${audio.size} bytes but the take expects ${file.audio.bytes} (${file.audio.fileName})`,
    );
  }
  if (audio.size === 0) throw new TakeFileError('the audio file is empty');
  return {
    meta: { ...file.take, id: newId, bytes: audio.size },
    readings: file.readings.rows.flat(),
    notes: file.notes,
    audio: audio.type ? audio : new Blob([audio], { type: file.audio.mimeType }),
  };
}
