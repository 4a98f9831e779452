/* eslint-disable max-lines -- Over 300 lines: the stored attempt shapes with the validation of every field of the export format. */
/**
 * What the history stores per completed attempt, and the JSON export/import format with its
 * validation. Pure (no IndexedDB here) so the validation is unit-tested without a browser.
 */

import { isValveCombo, VALVE_COMBOS } from '../music';

export const EXERCISE_KINDS = ['long-tones', 'lip-slurs', 'scales', 'intervals'] as const;
export type ExerciseKind = (typeof EXERCISE_KINDS)[number];

export const EXERCISE_LABELS: Record<ExerciseKind, string> = {
  'long-tones': 'Long tones',
  'lip-slurs': 'Lip slurs',
  scales: 'Scales',
  intervals: 'Intervals',
};

/**
 * What the player calls an attempt: its exercise, except that articulation drills are stored as
 * 'scales' attempts (they share the timed run) and are named by their own `settings.kind` (issue
 * 23 row 9: they were listed as "Scales").
 */
export function attemptLabel(attempt: Pick<AttemptRecord, 'exercise' | 'settings'>): string {
  return attempt.settings.kind === 'articulation'
    ? 'Articulation'
    : EXERCISE_LABELS[attempt.exercise];
}

/**
 * When an attempt was played, in the player's locale (the system's, by default) with the month
 * named ("25 Nov 2026, 21:45" in en-GB, "Nov 25, 2026, 9:45 PM" in en-US): never 11/25 vs 25/11.
 */
export function attemptTime(startedAt: string, locales?: string | readonly string[]): string {
  return new Date(startedAt).toLocaleString(locales as string | string[] | undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

export interface NoteRecord {
  writtenMidi: number;
  name: string;
  /** 0..100. */
  score: number;
  /** Median offset from the target, cents; null when the note was not played. */
  medianCents: number | null;
  spreadCents: number | null;
  driftCents: number | null;
  /** 0..1. */
  inTuneFraction: number | null;
  /**
   * Valves the exercise asked for ('0', '12', …) when not the chart's primary fingering (lip
   * slurs); absent means the primary fingering. Keeps the coach's memory per fingering.
   */
  valves?: string;
}

export interface AttemptRecord {
  /** IndexedDB key; absent before the attempt is stored. */
  id?: number;
  /** Start of the attempt, ISO 8601. */
  startedAt: string;
  /** Practice time of the attempt, seconds. */
  durationS: number;
  exercise: ExerciseKind;
  /** The settings the attempt was played with (instrument, A4, band, hold …). */
  settings: Record<string, string | number | boolean>;
  /** 0..100. */
  score: number;
  notes: NoteRecord[];
  /**
   * Set when the attempt did not run to its end: saved as it happened, then interrupted (the
   * microphone was lost, the page was hidden or closed). Absent on a completed attempt.
   */
  partial?: PartialReason;
  /**
   * The one thing to fix first the result said (timed exercises), absent when it said none: the
   * teacher's report names the advice that keeps coming back (issue 37, U15).
   */
  fixFirst?: string;
}

/** The longest fix-first sentence kept (the assessor's are one or two sentences). */
export const FIX_FIRST_MAX_CHARS = 400;

/** Why an attempt is partial; `interrupted` is a draft the app never got to finish (tab closed). */
export const PARTIAL_REASONS = ['interrupted', 'mic-lost', 'hidden'] as const;
export type PartialReason = (typeof PARTIAL_REASONS)[number];

/** Short forms for the attempt list. */
export const PARTIAL_SHORT: Record<PartialReason, string> = {
  interrupted: 'interrupted',
  'mic-lost': 'mic lost',
  hidden: 'app in background',
};

export const PARTIAL_LABELS: Record<PartialReason, string> = {
  interrupted: 'interrupted (the app was closed)',
  'mic-lost': 'the microphone was lost',
  hidden: 'the app went to the background',
};

export const EXPORT_FORMAT = 'embouchure-history';
export const EXPORT_VERSION = 1;

export interface HistoryExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  attempts: AttemptRecord[];
}

export function toExport(attempts: readonly AttemptRecord[], now = new Date()): HistoryExport {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    attempts: attempts.map(({ id: _id, ...rest }) => rest),
  };
}

type Result<T> = { ok: true; value: T } | { ok: false; error: string };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumberIn = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
const isNullableNumber = (v: unknown, min: number, max: number): boolean =>
  v === null || isNumberIn(v, min, max);

function validateNote(raw: unknown, where: string): Result<NoteRecord> {
  if (!isRecord(raw)) return { ok: false, error: `${where} is not an object` };
  if (!isNumberIn(raw.writtenMidi, 0, 127) || !Number.isInteger(raw.writtenMidi)) {
    return { ok: false, error: `${where}.writtenMidi must be an integer 0..127` };
  }
  if (typeof raw.name !== 'string' || raw.name.length > 8) {
    return { ok: false, error: `${where}.name must be a note name` };
  }
  if (!isNumberIn(raw.score, 0, 100)) return { ok: false, error: `${where}.score must be 0..100` };
  for (const key of ['medianCents', 'spreadCents', 'driftCents'] as const) {
    if (!isNullableNumber(raw[key], -2400, 2400)) {
      return { ok: false, error: `${where}.${key} must be a number of cents or null` };
    }
  }
  if (!isNullableNumber(raw.inTuneFraction, 0, 1)) {
    return { ok: false, error: `${where}.inTuneFraction must be 0..1 or null` };
  }
  if (raw.valves !== undefined && !isValveCombo(raw.valves)) {
    return { ok: false, error: `${where}.valves must be one of ${VALVE_COMBOS.join(', ')}` };
  }
  return {
    ok: true,
    value: {
      writtenMidi: raw.writtenMidi,
      name: raw.name,
      score: raw.score,
      medianCents: raw.medianCents as number | null,
      spreadCents: raw.spreadCents as number | null,
      driftCents: raw.driftCents as number | null,
      inTuneFraction: raw.inTuneFraction as number | null,
      ...(raw.valves === undefined ? {} : { valves: raw.valves }),
    },
  };
}

/** Validates one attempt from an untrusted source; the error names the first bad field. */
export function validateAttempt(raw: unknown, where = 'attempt'): Result<AttemptRecord> {
  if (!isRecord(raw)) return { ok: false, error: `${where} is not an object` };
  if (typeof raw.startedAt !== 'string' || Number.isNaN(Date.parse(raw.startedAt))) {
    return { ok: false, error: `${where}.startedAt must be an ISO date` };
  }
  if (!isNumberIn(raw.durationS, 0, 24 * 3600)) {
    return { ok: false, error: `${where}.durationS must be 0..86400 seconds` };
  }
  if (!(EXERCISE_KINDS as readonly unknown[]).includes(raw.exercise)) {
    return { ok: false, error: `${where}.exercise must be one of ${EXERCISE_KINDS.join(', ')}` };
  }
  if (!isRecord(raw.settings)) return { ok: false, error: `${where}.settings must be an object` };
  const settings: Record<string, string | number | boolean> = {};
  const entries = Object.entries(raw.settings);
  if (entries.length > 100) return { ok: false, error: `${where}.settings has too many fields` };
  for (const [key, value] of entries) {
    if (key.length > 64 || FORBIDDEN_KEYS.has(key)) {
      return { ok: false, error: `${where}.settings has a field name this app does not accept` };
    }
    if (!['string', 'number', 'boolean'].includes(typeof value)) {
      return { ok: false, error: `${where}.settings.${key} must be a string, number or boolean` };
    }
    if (typeof value === 'string' && value.length > 200) {
      return { ok: false, error: `${where}.settings.${key} is too long` };
    }
    if (typeof value === 'number' && !Number.isFinite(value)) {
      return { ok: false, error: `${where}.settings.${key} must be a finite number` };
    }
    settings[key] = value as string | number | boolean;
  }
  if (!isNumberIn(raw.score, 0, 100)) return { ok: false, error: `${where}.score must be 0..100` };
  if (!Array.isArray(raw.notes) || raw.notes.length > 1000) {
    return { ok: false, error: `${where}.notes must be a list of at most 1000 notes` };
  }
  const notes: NoteRecord[] = [];
  for (let i = 0; i < raw.notes.length; i++) {
    const note = validateNote(raw.notes[i], `${where}.notes[${i}]`);
    if (!note.ok) return note;
    notes.push(note.value);
  }
  if (raw.partial !== undefined && !(PARTIAL_REASONS as readonly unknown[]).includes(raw.partial)) {
    return { ok: false, error: `${where}.partial must be one of ${PARTIAL_REASONS.join(', ')}` };
  }
  if (
    raw.fixFirst !== undefined &&
    (typeof raw.fixFirst !== 'string' || raw.fixFirst.length > FIX_FIRST_MAX_CHARS)
  ) {
    return {
      ok: false,
      error: `${where}.fixFirst must be text of at most ${FIX_FIRST_MAX_CHARS} characters`,
    };
  }
  const startedAt = new Date(raw.startedAt);
  if (Number.isNaN(startedAt.getTime())) {
    return { ok: false, error: `${where}.startedAt must be an ISO date` };
  }
  return {
    ok: true,
    value: {
      startedAt: startedAt.toISOString(),
      durationS: raw.durationS,
      exercise: raw.exercise as ExerciseKind,
      settings,
      score: raw.score,
      notes,
      ...(raw.partial === undefined ? {} : { partial: raw.partial as PartialReason }),
      ...(typeof raw.fixFirst === 'string' ? { fixFirst: raw.fixFirst } : {}),
    },
  };
}

/**
 * Parses an export file's text. All or nothing: one bad attempt refuses the whole file, so an
 * import never half-applies.
 */
export function parseExport(text: string): Result<AttemptRecord[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: 'This file is not JSON: nothing was imported.' };
  }
  if (!isRecord(raw) || raw.format !== EXPORT_FORMAT) {
    return {
      ok: false,
      error: `This is not an Embouchure history export (format "${EXPORT_FORMAT}"): nothing was imported.`,
    };
  }
  if (raw.version !== EXPORT_VERSION) {
    return { ok: false, error: versionError(raw.version) };
  }
  if (!Array.isArray(raw.attempts)) {
    return { ok: false, error: 'The file has no list of attempts: nothing was imported.' };
  }
  const attempts: AttemptRecord[] = [];
  // The same attempt several times in one file (or a file concatenated with itself) is kept once.
  const seen = new Set<string>();
  for (let i = 0; i < raw.attempts.length; i++) {
    const attempt = validateAttempt(raw.attempts[i], `attempts[${i}]`);
    if (!attempt.ok) {
      return { ok: false, error: `Invalid file: ${attempt.error}. Nothing was imported.` };
    }
    const key = attemptKey(attempt.value);
    if (seen.has(key)) continue;
    seen.add(key);
    attempts.push(attempt.value);
  }
  return { ok: true, value: attempts };
}

/** Field names that would touch prototypes if ever spread into an object: refused outright. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The message for a version this app cannot read. Never converts the raw value with String():
 * an object such as `{"toString": 1}` throws "Cannot convert object to primitive value".
 */
function versionError(version: unknown): string {
  const tail = `(this app reads version ${EXPORT_VERSION}): nothing was imported.`;
  if (typeof version === 'number' && Number.isFinite(version)) {
    return `Unsupported history export version ${version} ${tail}`;
  }
  if (typeof version === 'string') {
    const shown = version.length > 20 ? `${version.slice(0, 20)}…` : version;
    return `The export's version must be a number, but this file has the text "${shown}" ${tail}`;
  }
  const kind = version === undefined ? 'no version' : `a version of type ${describeType(version)}`;
  return `This export has ${kind} ${tail}`;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  return typeof value;
}

/** Identity of an attempt across devices/imports: the same attempt imported twice is kept once. */
export const attemptKey = (a: Pick<AttemptRecord, 'startedAt' | 'exercise'>): string =>
  `${a.startedAt}|${a.exercise}`;
