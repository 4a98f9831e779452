/**
 * Assignments without a server: a piece with its practice settings (part, tempo, loop, mode) as
 * a small JSON file or a link. The part travels as one-part MusicXML (scoreToMusicXml), so the
 * receiving app reads it with the same reader as any imported file. The link carries the same
 * JSON, deflated and base64url-encoded, in the URL's fragment (never sent to a server).
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import {
  CLEAN_PASSES_IN_A_ROW_RANGE,
  inTuneBandProblem,
  IN_TUNE_BAND_RANGE,
  parseMusicXml,
  scoreToMusicXml,
  ScoreReadError,
  type Score,
} from '../music';
import {
  DEFAULT_PRACTICE,
  TEMPO_PERCENT_RANGE,
  type PracticeMode,
  type PracticeSettings,
} from './piece-types';

export const ASSIGNMENT_FORMAT = 'embouchure-assignment';
export const ASSIGNMENT_HASH = '#assignment=';

export interface Assignment {
  readonly title: string;
  readonly score: Score;
  readonly practice: PracticeSettings;
}

export function assignmentJson(title: string, score: Score, practice: PracticeSettings): string {
  return JSON.stringify({
    format: ASSIGNMENT_FORMAT,
    version: 1,
    title,
    practice,
    musicxml: scoreToMusicXml(score),
  });
}

/** A file name for the assignment ("Arban 1 (assignment).json"). */
export function assignmentFileName(title: string): string {
  const safe =
    title
      .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'Piece';
  return `${safe.slice(0, 60)} (assignment).json`;
}

export function practiceFrom(value: unknown): PracticeSettings {
  const v = (value ?? {}) as Record<string, unknown>;
  const mode: PracticeMode = v.mode === 'click' ? 'click' : 'follow';
  const pct = typeof v.tempoPercent === 'number' ? v.tempoPercent : DEFAULT_PRACTICE.tempoPercent;
  const loopValue = v.loop as { fromBar?: unknown; toBar?: unknown } | null | undefined;
  const loop =
    loopValue &&
    Number.isInteger(loopValue.fromBar) &&
    Number.isInteger(loopValue.toBar) &&
    (loopValue.fromBar as number) >= 1 &&
    (loopValue.toBar as number) >= (loopValue.fromBar as number)
      ? { fromBar: loopValue.fromBar as number, toBar: loopValue.toBar as number }
      : null;
  return {
    mode,
    tempoPercent: Math.min(TEMPO_PERCENT_RANGE.max, Math.max(TEMPO_PERCENT_RANGE.min, pct)),
    loop,
    trainer: v.trainer === true,
    // Settings saved before issue 37 have none: the default (2 in a row).
    cleanPassesInARow:
      Number.isInteger(v.cleanPassesInARow) &&
      (v.cleanPassesInARow as number) >= CLEAN_PASSES_IN_A_ROW_RANGE.min &&
      (v.cleanPassesInARow as number) <= CLEAN_PASSES_IN_A_ROW_RANGE.max
        ? (v.cleanPassesInARow as number)
        : DEFAULT_PRACTICE.cleanPassesInARow,
    // The band and the vibrato allowance only when set (issue 37, U8); a stored band out of range
    // takes the default (an assignment's is refused with its reason: `parseAssignment`).
    ...(typeof v.bandCents === 'number' && inTuneBandProblem(v.bandCents) === null
      ? { bandCents: v.bandCents }
      : {}),
    ...(v.vibrato === true ? { vibrato: true } : {}),
  };
}

/**
 * What is wrong with an assignment's band, in words for the player, or null: a teacher's band out
 * of range is refused up front rather than graded with a band nobody chose.
 */
export function assignmentBandProblem(practice: unknown): string | null {
  const band = ((practice ?? {}) as Record<string, unknown>).bandCents;
  if (band === undefined || (typeof band === 'number' && inTuneBandProblem(band) === null)) {
    return null;
  }
  const { min, max } = IN_TUNE_BAND_RANGE;
  return `This assignment's in-tune band (${JSON.stringify(band)}) must be ±${min}–${max} ¢: ask your teacher for a corrected assignment.`;
}

/** Reads an assignment file's text; throws a ScoreReadError whose reason a player can read. */
export function parseAssignment(text: string): Assignment {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ScoreReadError('This file is not an Embouchure assignment (not JSON).');
  }
  if (data?.format !== ASSIGNMENT_FORMAT || typeof data.musicxml !== 'string') {
    throw new ScoreReadError('This file is not an Embouchure assignment.');
  }
  const score = parseMusicXml(data.musicxml);
  const title = typeof data.title === 'string' && data.title ? data.title : score.title;
  const bandProblem = assignmentBandProblem(data.practice);
  if (bandProblem) throw new ScoreReadError(bandProblem);
  const practice = practiceFrom(data.practice);
  if (practice.loop && practice.loop.toBar > score.measures.length) {
    return { title, score, practice: { ...practice, loop: null } };
  }
  return { title, score, practice };
}

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const fromBase64Url = (text: string): Uint8Array => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

/** The assignment as a link to this app's pieces screen. */
export function assignmentLink(origin: string, json: string): string {
  return `${origin}/home/pieces${ASSIGNMENT_HASH}${toBase64Url(deflateSync(strToU8(json)))}`;
}

/** The assignment JSON in a link's fragment, or null when there is none. */
export function assignmentFromHash(hash: string): string | null {
  if (!hash.startsWith(ASSIGNMENT_HASH)) return null;
  try {
    return strFromU8(inflateSync(fromBase64Url(hash.slice(ASSIGNMENT_HASH.length))));
  } catch {
    throw new ScoreReadError('This assignment link is damaged: ask for it again.');
  }
}
