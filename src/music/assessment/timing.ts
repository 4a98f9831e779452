/* eslint-disable max-lines -- Over 300 lines: one model of where a note belonged in time (click, given tempo, the player's own beat). */
/**
 * Where each played note belonged in time, so lateness is judged as a teacher hears it (issue 21):
 * against the click when there is one, against a given tempo (the player's own start), or, with
 * no tempo at all, against the beat the player is keeping: a line through the neighbouring onsets
 * (±4 notes of the same phrase, the worst outlier left out), so a steady player 150 ms late on one
 * note is late on that note and a player slowing over a phrase is not late on every note.
 *
 * Timing that follows music (issue 37): a note is off the beat only when it is off both that
 * line and the line between its two neighbours (rubato bends the first, a neighbour's slip the
 * second); a phrase breaks where the player took time at a breath the music allows; long notes
 * carry proportionally more timing. With a bare tempo (no click heard) the grid starts at the
 * player's first notes, and a take at another tempo or drifting is reported as its tempo
 * (played-tempo.ts), not as seconds of lateness on every note.
 */
import { median } from '../theory/cents';
import { TOO_EVEN_SHARE } from './dotted-rhythm';

export type TimingReference =
  /** A click: beat 0 of the score sounded at `originMs`; `qpm` when not the score's own tempo. */
  | { readonly kind: 'click'; readonly originMs: number; readonly qpm?: number }
  /** A steady tempo but no click times (a recording): the start is the player's. */
  | { readonly kind: 'tempo'; readonly qpm: number }
  /** No tempo: the beat the player keeps. */
  | { readonly kind: 'free' };

export interface TimedNote {
  /** Written start at the score's tempo map, ms. */
  readonly startMs: number;
  /** Heard onset, ms, or NaN when not played. */
  readonly onsetMs: number;
  /** Attempt the onset belongs to (restarts start a new one), -1 when not played. */
  readonly attempt: number;
}

/** A timed note with its written length, when known (the assessor's): dotted pairs are seen. */
export type TimedNoteOfLength = TimedNote & { readonly durationQuarters?: number };

/**
 * The short note of a dotted pair (♪. ♬: the note before it 3 times as long, right before it).
 * A dotted rhythm played even (U10) puts it early; as a neighbour in another note's fit it made
 * the notes on the beat read late (the first note "came in 296 ms late"), and every other note
 * early and late by turns: when the pairs are played even it is left out of the beat.
 */
function shortOfDotted(notes: readonly TimedNoteOfLength[], i: number): boolean {
  const note = notes[i];
  const before = notes[i - 1];
  const d = note?.durationQuarters;
  const b = before?.durationQuarters;
  return d !== undefined && b !== undefined && d <= 0.5 + 1e-6 && Math.abs(b - 3 * d) < 1e-6;
}

/**
 * Whether the take's dotted pairs were played too even (U10; dotted-rhythm.ts says it): then
 * their short notes are off the pulse and left out of the beat (`offPulse`). Played as written,
 * they are part of the beat and the fits keep them (a Largo's ♩. ♪ with rubato needs them).
 */
function dottedPlayedEven(notes: readonly TimedNoteOfLength[]): boolean {
  const shares: number[] = [];
  notes.forEach((a, i) => {
    const b = notes[i + 1];
    const c = notes[i + 2];
    if (!b || !c || !shortOfDotted(notes, i + 1)) return;
    if (a.attempt < 0 || a.attempt !== b.attempt || b.attempt !== c.attempt) return;
    const playedMs = c.onsetMs - a.onsetMs;
    if (playedMs > 0) shares.push((b.onsetMs - a.onsetMs) / playedMs);
  });
  return shares.length >= 3 && (median(shares) ?? 1) < TOO_EVEN_SHARE;
}

const NEIGHBOURS = 4;

/** A stop this much longer than the music's own gap breaks the beat: a new phrase, ms. */
export const PAUSE_MS = 1500;

/**
 * The player's phrases: attempts (restarts start a new one) further split where the player
 * stopped (a gap PAUSE_MS longer than written). Timing is judged within a phrase, so coming back
 * after a breath or a stop is not "late" and the notes around it are not uneven. Returns the
 * notes with `attempt` renumbered as phrases.
 */
export function phrasesOf<T extends TimedNote>(notes: readonly T[], tempoRatio: number): T[] {
  let phrase = -1;
  let lastAttempt = -2;
  let last: T | null = null;
  return notes.map((note) => {
    if (note.attempt < 0) return note;
    const paused =
      last !== null &&
      note.onsetMs - last.onsetMs - (note.startMs - last.startMs) * tempoRatio > PAUSE_MS;
    if (note.attempt !== lastAttempt || paused) phrase++;
    lastAttempt = note.attempt;
    last = note;
    return { ...note, attempt: phrase };
  });
}

/** An onset this far from where it belonged is named late or early, ms. */
export const LATE_MS = 50;

/** Per note: played minus expected onset, ms (NaN where unknown), and how far counts as off. */
export interface OnsetDeviations {
  readonly deviationMs: Float64Array;
  /**
   * LATE_MS, or twice it where the beat had to be extrapolated from one side (the first or last
   * notes of an attempt without a click: a closing ritardando is not lateness).
   */
  readonly toleranceMs: Float64Array;
}
/** A neighbour this far off the line through the others is left out of the fit, ms. */
const OUTLIER_MS = 40;

/**
 * A breath the music allows: after a written gap this long (a long note or a rest before the
 * next note), ms, and at least BREATH_GAP_RATIO of the phrase's typical gap, a player may take
 * time and go on from there (the notes after it all shifted): that is phrasing, not lateness.
 */
const BREATH_GAP_MS = 900;
const BREATH_GAP_RATIO = 1.5;
/** Time taken at a breath point, beyond the beat, that starts a new timing phrase, ms. */
const BREATH_MIN_MS = 60;
/** Across a breath the beat goes on at about the same tempo (a swell changes it): ratio. */
const BREATH_TEMPO_RATIO = 0.08;

/**
 * Long notes carry proportionally more expressive timing (rubato stretches a half note by ten
 * times what it stretches a sixteenth): a note is late by LATE_MS, or by this fraction of the
 * shorter written gap next to it at the player's tempo, whichever is more.
 */
const LATE_FRACTION = 0.08;

/**
 * The phrases with their breaths: each phrase further split where the player took time at a
 * breath point the music allows (the notes after it continue from the later start). Returns the
 * phrase number per note (-1 where not played).
 */
function breathPhrases(notes: readonly TimedNote[]): Int32Array {
  const phrase = new Int32Array(notes.length).fill(-1);
  const played = notes.map((_, i) => i).filter((i) => notes[i].attempt >= 0);
  const gaps: number[] = [];
  for (let k = 1; k < played.length; k++) {
    const a = notes[played[k - 1]];
    const b = notes[played[k]];
    if (a.attempt === b.attempt) gaps.push(b.startMs - a.startMs);
  }
  const typicalGapMs = median(gaps) ?? 0;
  let current = 0;
  for (let k = 0; k < played.length; k++) {
    const i = played[k];
    const note = notes[i];
    const previous = k > 0 ? notes[played[k - 1]] : null;
    if (previous && previous.attempt !== note.attempt) current++;
    else if (previous && k >= 2 && k + 3 < played.length) {
      const gapMs = note.startMs - previous.startMs;
      if (gapMs >= BREATH_GAP_MS && gapMs >= BREATH_GAP_RATIO * typicalGapMs) {
        // The beat before the breath (up to 4 notes, straight) and after it without this note
        // (a single late note is late; a breath moves the notes after it too).
        const before = played
          .slice(Math.max(0, k - 4), k)
          .map((j) => notes[j])
          .filter((n) => n.attempt === note.attempt);
        // From two notes on, so a late note just after is not mistaken for time taken; the note
        // after must sit nearer the new beat than the old one too.
        const after = played
          .slice(k + 2, k + 6)
          .map((j) => notes[j])
          .filter((n) => n.attempt === note.attempt);
        const next = notes[played[k + 1]];
        const left = before.length >= 2 ? robustLine(before, false) : null;
        const right = after.length >= 2 ? robustLine(after, false) : null;
        if (left && right && next.attempt === note.attempt) {
          const takenMs = predictMs(right, note.startMs) - predictMs(left, note.startMs);
          const kept =
            Math.abs(next.onsetMs - predictMs(right, next.startMs)) <
            Math.abs(next.onsetMs - predictMs(left, next.startMs));
          const sameTempo = Math.abs(right.slope / left.slope - 1) < BREATH_TEMPO_RATIO;
          // The note itself came in late after the breath, on the new beat.
          const lateMs = note.onsetMs - predictMs(left, note.startMs);
          const onNew = Math.abs(note.onsetMs - predictMs(right, note.startMs)) < lateMs;
          const breath = takenMs >= BREATH_MIN_MS && takenMs < PAUSE_MS && lateMs >= BREATH_MIN_MS;
          if (breath && kept && onNew && sameTempo) current++;
        }
      }
    }
    phrase[i] = current;
  }
  return phrase;
}

/** Played minus expected onset against the beat the player keeps (no tempo), ms. */
function freeDeviations(notes: readonly TimedNoteOfLength[]): OnsetDeviations {
  const even = dottedPlayedEven(notes);
  const offPulse = (list: readonly TimedNoteOfLength[], k: number): boolean =>
    even && shortOfDotted(list, k);
  const out = new Float64Array(notes.length).fill(Number.NaN);
  const toleranceMs = new Float64Array(notes.length).fill(LATE_MS);
  const phrase = breathPhrases(notes);
  notes.forEach((note, i) => {
    if (note.attempt < 0) return;
    const around: TimedNote[] = [];
    let before = 0;
    let after = 0;
    for (
      let k = Math.max(0, i - NEIGHBOURS);
      k <= Math.min(notes.length - 1, i + NEIGHBOURS);
      k++
    ) {
      if (k !== i && phrase[k] === phrase[i] && !offPulse(notes, k)) {
        around.push(notes[k]);
        if (k < i) before++;
        else after++;
      }
    }
    const line = robustLine(around);
    if (!line) return;
    out[i] = note.onsetMs - predictMs(line, note.startMs);
    // Rubato bends the beat between fits; between its two neighbours a note follows any smooth
    // tempo. Off both that line and the wider fit is off the beat; a neighbour's own slip moves
    // only the first (the wider fit leaves it out), a smooth swell only the second.
    const p = notes[i - 1];
    const q = notes[i + 1];
    const pulse = !offPulse(notes, i - 1) && !offPulse(notes, i + 1);
    if (p && q && pulse && phrase[i - 1] === phrase[i] && phrase[i + 1] === phrase[i]) {
      const between =
        note.onsetMs -
        (p.onsetMs +
          ((q.onsetMs - p.onsetMs) * (note.startMs - p.startMs)) / (q.startMs - p.startMs));
      if (Math.abs(between) < Math.abs(out[i])) out[i] = between;
    }
    // The shorter written gap beside the note, at the player's local tempo.
    let gapMs = Number.POSITIVE_INFINITY;
    for (const k of [i - 1, i + 1]) {
      const other = notes[k];
      if (other && phrase[k] === phrase[i]) {
        gapMs = Math.min(gapMs, Math.abs(note.startMs - other.startMs) * line.slope);
      }
    }
    const late = Number.isFinite(gapMs) ? Math.max(LATE_MS, LATE_FRACTION * gapMs) : LATE_MS;
    toleranceMs[i] = before === 0 || after === 0 ? 2 * late : late;
  });
  return { deviationMs: out, toleranceMs };
}

/**
 * With a bare tempo (no click the player heard), how much of the take's own drift from the grid
 * still counts against a note, ms: a take at another tempo or drifting is reported as its tempo
 * (played-tempo.ts), not as every note late or early by seconds.
 */
const GRID_DRIFT_MS = LATE_MS / 2;
/** A bare tempo's grid starts where the player's first notes do (their median offset). */
const ANCHOR_NOTES = 4;

/** Played minus expected onset per note, ms (positive = late); NaN where not played or unknown. */
export function onsetDeviations(
  notes: readonly TimedNoteOfLength[],
  reference: TimingReference,
  /** Played ms per written ms for a click or tempo reference (score tempo / given tempo). */
  tempoRatio: number,
): OnsetDeviations {
  if (reference.kind === 'free') return freeDeviations(notes);
  const out = new Float64Array(notes.length).fill(Number.NaN);
  const toleranceMs = new Float64Array(notes.length).fill(LATE_MS);
  // A click keeps its origin through the first attempt; later attempts (restarts) and a bare
  // tempo take the player's own entrance: the first notes of the attempt (U7: a median over the
  // whole attempt blamed an on-time first note of an accelerando for the rest's rushing).
  const attempts = new Map<number, number[]>();
  const even = dottedPlayedEven(notes);
  notes.forEach((note, i) => {
    // The short notes of dotted pairs are off the pulse by design: the grid starts on the beat.
    if (note.attempt < 0 || (even && shortOfDotted(notes, i))) return;
    const list = attempts.get(note.attempt) ?? [];
    list.push(note.onsetMs - note.startMs * tempoRatio);
    attempts.set(note.attempt, list);
  });
  const origin = new Map<number, number>();
  for (const [attempt, offsets] of attempts) {
    origin.set(attempt, median(offsets.slice(0, ANCHOR_NOTES)) ?? 0);
  }
  if (reference.kind === 'click') origin.set(0, reference.originMs);
  const free = reference.kind === 'tempo' ? freeDeviations(notes) : null;
  notes.forEach((note, i) => {
    if (note.attempt < 0) return;
    const onGrid =
      note.onsetMs - ((origin.get(note.attempt) as number) + note.startMs * tempoRatio);
    const local = free?.deviationMs[i] ?? Number.NaN;
    if (!free || !Number.isFinite(local)) {
      out[i] = onGrid;
      return;
    }
    // Where the player's own beat had gone from the grid, counted up to GRID_DRIFT_MS; the note
    // judged against that beat. On the grid's tempo this is the grid; continuous throughout.
    const driftMs = onGrid - local;
    out[i] = local + Math.max(-GRID_DRIFT_MS, Math.min(GRID_DRIFT_MS, driftMs));
    toleranceMs[i] = free.toleranceMs[i];
  });
  return { deviationMs: out, toleranceMs };
}

/** A local tempo curve: onset ≈ intercept + slope·t + curve·t² (t from the points' mean). */
interface Line {
  readonly intercept: number;
  readonly slope: number;
  readonly curve: number;
  readonly centreMs: number;
}

/** Where the line puts a note written to start at `startMs`. */
export function predictMs(line: Line, startMs: number): number {
  const t = startMs - line.centreMs;
  return line.intercept + line.slope * t + line.curve * t * t;
}

/**
 * Least squares through the points: a straight line, or with 5 points and more a parabola, so a
 * phrase that slows down (a ritardando) or breathes is followed, not called late (fewer points
 * would bend the parabola to the player's jitter).
 */
function fit(points: readonly TimedNote[], curved: boolean): Line | null {
  const n = points.length;
  if (n < 2) return null;
  const centreMs = points.reduce((s, p) => s + p.startMs, 0) / n;
  const straight = fitStraight(points, centreMs);
  if (!curved || n < 5 || !straight) return straight;
  // Normal equations of y = a + b·t + c·t² (t centred), solved by Cramer's rule.
  let s1 = 0,
    s2 = 0,
    s3 = 0,
    s4 = 0,
    y0 = 0,
    y1 = 0,
    y2 = 0;
  for (const p of points) {
    const t = p.startMs - centreMs;
    s1 += t;
    s2 += t * t;
    s3 += t * t * t;
    s4 += t * t * t * t;
    y0 += p.onsetMs;
    y1 += p.onsetMs * t;
    y2 += p.onsetMs * t * t;
  }
  const det = (m: readonly number[]): number =>
    m[0] * (m[4] * m[8] - m[5] * m[7]) -
    m[1] * (m[3] * m[8] - m[5] * m[6]) +
    m[2] * (m[3] * m[7] - m[4] * m[6]);
  const a = [n, s1, s2, s1, s2, s3, s2, s3, s4];
  const d = det(a);
  if (!(Math.abs(d) > 1e-9 * Math.max(1, s4 * s2 * n))) return straight;
  const solve = (column: number): number => {
    const m = [...a];
    m[column] = y0;
    m[column + 3] = y1;
    m[column + 6] = y2;
    return det(m) / d;
  };
  return { intercept: solve(0), slope: solve(1), curve: solve(2), centreMs };
}

function fitStraight(points: readonly TimedNote[], centreMs: number): Line | null {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.startMs, 0) / n;
  const my = points.reduce((s, p) => s + p.onsetMs, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.startMs - mx) ** 2;
    sxy += (p.startMs - mx) * (p.onsetMs - my);
  }
  if (!(sxx > 0)) return null;
  const slope = sxy / sxx;
  return { intercept: my - slope * (mx - centreMs), slope, curve: 0, centreMs };
}

/** A least-squares line, refitted without its worst point when that point is an outlier. */
export function robustLine(points: readonly TimedNote[], curved = true): Line | null {
  const line = fit(points, curved);
  if (!line || points.length < 4) return line;
  let worst = -1;
  let worstMs = OUTLIER_MS;
  points.forEach((p, k) => {
    const residual = Math.abs(p.onsetMs - predictMs(line, p.startMs));
    if (residual > worstMs) {
      worstMs = residual;
      worst = k;
    }
  });
  return worst < 0
    ? line
    : fit(
        points.filter((_, k) => k !== worst),
        curved,
      );
}
