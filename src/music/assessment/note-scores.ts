/**
 * Per-note sub-scores for notes played to a metronome (scales, lip slurs, articulation): pitch,
 * timing, steadiness and articulation, each on a graded curve, and one line of advice. Pure.
 *
 * Why separate sub-scores: a teacher says "in tune but late", not "57". A note locked in tune is
 * never scored 0 because of timing alone (the overall is a weighted mean, not a product), and a
 * steady tone 12 ¢ sharp does not score below a wobbling one (pitch looks at the centre, steadiness
 * at the spread, each on its own curve).
 *
 * Readings arrive irregularly (fast mode sends a note change at once): every statistic weighs a
 * reading by the time it stands for (`sampleWeights`), not by count.
 */
import { centsFrom, clamp01, ON_NOTE_CENTS, sampleWeights, type PitchSample } from './scoring';

/** Frames within this of the first (cents) over `stableMs` are a stable pitch (the attack is over). */
const STABLE_CENTS = 10;
/** Below this much on-note time a note is too short to judge its steadiness, ms. */
const MIN_STEADY_MS = 150;
/** A stream onset may be stamped a little after the first frame on the note (long windows), ms. */
const ONSET_SLACK_MS = 50;

/** Weights of the sub-scores in a note's overall score (what a teacher listens for first). */
export const SUB_SCORE_WEIGHTS = { pitch: 0.4, timing: 0.25, steadiness: 0.15, articulation: 0.2 };

export type SubScoreName = keyof typeof SUB_SCORE_WEIGHTS;

export interface SubScores {
  pitch: number | null;
  timing: number | null;
  steadiness: number | null;
  articulation: number | null;
}

/**
 * Pitch: 100 anywhere inside the in-tune band, then down in a straight line to 0 at 50 ¢ (a
 * quarter tone: the listener hears another note). Band 15 ¢: 12 ¢ → 100, 30 ¢ → 57.
 */
export function pitchCurve(cents: number, bandCents: number): number {
  const off = Math.abs(cents);
  if (off <= bandCents) return 100;
  return Math.round(100 * clamp01(1 - (off - bandCents) / (ON_NOTE_CENTS - bandCents)));
}

/** Steadiness from the spread (standard deviation) of the held pitch: 100 up to 4 ¢, 0 at 30 ¢. */
export function steadinessCurve(spreadCents: number): number {
  return Math.round(100 * clamp01(1 - (spreadCents - 4) / 26));
}

/**
 * Timing: 100 within a tolerance (50 ms, or an eighth of the note at fast tempi), then down to 0
 * at half the note or 400 ms, whichever is sooner (past that the note belongs to its neighbour).
 */
export function timingCurve(offsetMs: number, noteMs: number): number {
  const tolerance = Math.min(50, noteMs / 8);
  const span = Math.max(1, Math.min(noteMs / 2, 400) - tolerance);
  return Math.round(100 * clamp01(1 - (Math.abs(offsetMs) - tolerance) / span));
}

/**
 * Attack clarity from the time between the onset and a stable pitch: 100 up to 100 ms (a clean
 * tongue or slur; a trumpet's tone takes tens of ms to speak), 0 at 500 ms (a scoop or a search).
 */
export function attackCurve(attackMs: number): number {
  return Math.round(100 * clamp01(1 - (attackMs - 100) / 400));
}

/** The weighted mean of the sub-scores present (a missing one does not count as 0). */
export function overallOf(scores: SubScores): number {
  let sum = 0;
  let weight = 0;
  for (const name of Object.keys(SUB_SCORE_WEIGHTS) as SubScoreName[]) {
    const value = scores[name];
    if (value === null) continue;
    sum += value * SUB_SCORE_WEIGHTS[name];
    weight += SUB_SCORE_WEIGHTS[name];
  }
  return weight === 0 ? 0 : Math.round(sum / weight);
}

export type NoteOutcomeKind = 'played' | 'wrong' | 'cracked' | 'missed';

export interface NoteScore {
  outcome: NoteOutcomeKind;
  scores: SubScores;
  /** 0..100, weighted mean of the sub-scores; 0 for a missed, cracked or wrong note. */
  overall: number;
  /** What was heard most of the note (sounding Hz), null when nothing was. */
  heardHz: number | null;
  /** Centre of the held pitch, cents from the target; null unless played. */
  medianCents: number | null;
  /** Standard deviation of the held pitch, cents; null when too short to tell. */
  spreadCents: number | null;
  /** Onset minus when it was due, ms (negative = early); null unless played. */
  timingMs: number | null;
  /** Onset to a stable pitch, ms; null unless played. */
  attackMs: number | null;
  /** A slur that was tongued (re-attacked); null when not checked. */
  reattacked?: boolean | null;
}

export interface NoteScoreOptions {
  targetHz: number;
  /** Sounding Hz of notes a crack would land on (lip slurs: the other partials). */
  otherHz?: readonly number[];
  /** When the note was due, ms (same clock as the frames). */
  dueMs: number;
  /** How long the note lasts as written, ms. */
  noteMs: number;
  /** Note-on onsets of the pitch stream in the note's window, ms. */
  onsetsMs?: readonly number[];
  /** Half-width of the in-tune band, cents (1..50). */
  bandCents: number;
  /**
   * Half the analysis window, ms: frames are stamped at their window's middle, but a stable
   * window means the pitch was stable from its start (default 0).
   */
  halfWindowMs?: number;
  /**
   * How the note should start: 'slurred' (no tongue: the air keeps going from the note before) or
   * 'tongued'. Only a slur is checked: a re-attack in it (a level dip at the onset, see
   * `reattacked`) is reported. Default: not checked.
   */
  expect?: 'slurred' | 'tongued';
  /** The stream's level dips around the note (`PitchReading.dips`); see `reattacked`. */
  dips?: readonly LevelDipSample[];
}

/**
 * A level dip this deep around the onset, below the note before, is a tongue stroke, dB. Measured
 * on the corpus phrase (fluidsynth trumpet, ../shared/audio): tongued changes dip 6–7 dB in fast
 * mode, slurred ones under 1 dB; a slur often reads a moment of no pitch (two notes blended in one
 * window), so a pitch gap is not evidence of a tongue, the level is.
 */
export const TONGUE_DIP_DB = 4;

/**
 * A dip of the stream's fine level envelope (`PitchReading.dips`, ~3 ms resolution) this deep is a
 * tongue stroke, dB. Measured on the corpus phrase, the same in block and fast mode: the 8 tongued
 * changes dip 6.3–8.6 dB, the 3 slurred ones 2.7–3.7 dB (a lip slur's crossfade), a held note's
 * own ripple and attack settling 2–3.3 dB; the threshold sits midway between slurs and tongues.
 */
export const REATTACK_DIP_DB = 5;

/** A level dip the stream found (`PitchReading.dips`), on the frames' clock. */
export interface LevelDipSample {
  /** When the level came back after the dip (the re-attack), ms. */
  attackMs: number;
  depthDb: number;
}

/**
 * A re-attack this far around an onset estimate belongs to that note, ms: a block-mode estimate
 * (its first window on the note, less half a window) lies up to a window's half before the onset.
 */
const REATTACK_REACH_MS = 80;

/**
 * Whether a change that should be slurred was re-attacked. A slur keeps the air and the sound
 * going; a tongue stops them for a moment. With the stream's level dips (`dips`, found at ~3 ms
 * resolution in both modes): a dip of at least `REATTACK_DIP_DB` whose re-attack lies within
 * REATTACK_REACH_MS of the onset. Without them (older recordings), from the readings' window
 * levels: the level around the onset (80 ms before to 30 ms after) fell `TONGUE_DIP_DB` below the
 * note before (its level 100–250 ms before the onset), which a block window mostly averages away.
 * Unknown (false) without levels or without a note before.
 */
export function reattacked(
  frames: readonly PitchSample[],
  onsetMs: number,
  dips?: readonly LevelDipSample[],
): boolean {
  if (dips !== undefined) {
    return dips.some(
      (d) => d.depthDb >= REATTACK_DIP_DB && Math.abs(d.attackMs - onsetMs) <= REATTACK_REACH_MS,
    );
  }
  const levelsIn = (from: number, to: number): number[] =>
    frames.flatMap((f) =>
      f.timeMs >= from && f.timeMs < to && f.levelDb !== undefined ? [f.levelDb] : [],
    );
  const before = levelsIn(onsetMs - 250, onsetMs - 100).sort((a, b) => a - b);
  const around = levelsIn(onsetMs - 80, onsetMs + 30);
  if (before.length === 0 || around.length === 0) return false;
  const previousDb = before[before.length >> 1];
  return previousDb - Math.min(...around) >= TONGUE_DIP_DB;
}

/** Weighted median of values (weights > 0). */
function weightedMedian(values: readonly number[], weights: readonly number[]): number {
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const total = weights.reduce((s, w) => s + w, 0);
  let acc = 0;
  for (const i of order) {
    acc += weights[i];
    if (acc >= total / 2) return values[i];
  }
  return values[order[order.length - 1]];
}

function weightedSpread(values: readonly number[], weights: readonly number[]): number {
  const total = weights.reduce((s, w) => s + w, 0);
  const mean = values.reduce((s, v, i) => s + v * weights[i], 0) / total;
  return Math.sqrt(values.reduce((s, v, i) => s + weights[i] * (v - mean) ** 2, 0) / total);
}

/**
 * Scores one note from the frames of its window (from a little before it is due to a little before
 * the next note). Throws on a band outside 1..50 ¢ (the option's range).
 */
export function scoreNote(frames: readonly PitchSample[], options: NoteScoreOptions): NoteScore {
  const { targetHz, bandCents, dueMs, noteMs } = options;
  if (!(bandCents >= 1 && bandCents <= 50)) {
    throw new Error(`bandCents must be from 1 to 50, got ${bandCents}.`);
  }
  const empty: NoteScore = {
    outcome: 'missed',
    scores: { pitch: null, timing: null, steadiness: null, articulation: null },
    overall: 0,
    heardHz: null,
    medianCents: null,
    spreadCents: null,
    timingMs: null,
    attackMs: null,
  };
  const weights = sampleWeights(frames);
  const voicedIdx = frames.map((_, i) => i).filter((i) => frames[i].hz > 0);
  if (voicedIdx.length === 0) return empty;
  const heardHz = weightedMedian(
    voicedIdx.map((i) => frames[i].hz),
    voicedIdx.map((i) => weights[i]),
  );
  const onIdx = voicedIdx.filter(
    (i) => Math.abs(centsFrom(frames[i].hz, targetHz)) <= ON_NOTE_CENTS,
  );
  const voicedWeight = voicedIdx.reduce((s, i) => s + weights[i], 0);
  const onWeight = onIdx.reduce((s, i) => s + weights[i], 0);
  // Mostly somewhere else: a crack onto a neighbour, or another note altogether.
  if (onIdx.length === 0 || onWeight < 0.3 * voicedWeight) {
    const cracked = (options.otherHz ?? []).some(
      (hz) => Math.abs(centsFrom(heardHz, hz)) <= ON_NOTE_CENTS,
    );
    return {
      ...empty,
      outcome: cracked ? 'cracked' : 'wrong',
      scores: { ...empty.scores, pitch: 0 },
      heardHz,
    };
  }

  // Onset: the stream's note-on nearest the due time, up to the first frame on the note.
  const halfWindowMs = options.halfWindowMs ?? 0;
  const firstOn = frames[onIdx[0]].timeMs;
  let onsetMs = firstOn - halfWindowMs;
  let nearest = Number.POSITIVE_INFINITY;
  for (const ms of options.onsetsMs ?? []) {
    if (ms > firstOn + ONSET_SLACK_MS || ms < frames[0].timeMs - ONSET_SLACK_MS) continue;
    if (Math.abs(ms - dueMs) < nearest) {
      nearest = Math.abs(ms - dueMs);
      onsetMs = ms;
    }
  }

  // Stable: the first on-note frame from which the pitch stays within ±STABLE_CENTS for stableMs.
  const stableMs = Math.min(80, noteMs / 4);
  const cents = onIdx.map((i) => centsFrom(frames[i].hz, targetHz));
  let stableAt = -1;
  for (let k = 0; k < onIdx.length && stableAt < 0; k++) {
    let j = k;
    while (
      j + 1 < onIdx.length &&
      onIdx[j + 1] === onIdx[j] + 1 &&
      Math.abs(cents[j + 1] - cents[k]) <= STABLE_CENTS
    ) {
      j++;
    }
    const runMs = frames[onIdx[j]].timeMs - frames[onIdx[k]].timeMs;
    // A run to the end of a short note counts as stable (the note ended before stableMs).
    const toEnd = j === onIdx.length - 1 && k === 0;
    if (runMs >= stableMs || toEnd) stableAt = k;
  }
  // Never stable (a wobble or a search): every on-note frame is held, the attack never ended.
  const from = Math.max(0, stableAt);
  const held = cents.slice(from);
  const heldWeights = onIdx.slice(from).map((i) => weights[i]);
  const medianCents = weightedMedian(held, heldWeights);
  const heldMs = heldWeights.reduce((s, w) => s + w, 0);
  const spreadCents = heldMs >= MIN_STEADY_MS ? weightedSpread(held, heldWeights) : null;
  const settledMs =
    stableAt < 0 ? frames[onIdx[onIdx.length - 1]].timeMs : frames[onIdx[from]].timeMs;
  const attackMs = Math.max(0, settledMs - halfWindowMs - onsetMs);
  const timingMs = onsetMs - dueMs;
  const reattack =
    options.expect === 'slurred' ? reattacked(frames, firstOn - halfWindowMs, options.dips) : null;
  const scores: SubScores = {
    pitch: pitchCurve(medianCents, bandCents),
    timing: timingCurve(timingMs, noteMs),
    steadiness: spreadCents === null ? null : steadinessCurve(spreadCents),
    // A slur that was tongued is not the articulation asked for: at most half marks.
    articulation: reattack ? Math.min(50, attackCurve(attackMs)) : attackCurve(attackMs),
  };
  return {
    outcome: 'played',
    scores,
    overall: overallOf(scores),
    heardHz,
    medianCents,
    spreadCents,
    timingMs,
    attackMs,
    reattacked: reattack,
  };
}
