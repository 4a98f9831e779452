/**
 * How a note started, measured from the readings of its window: the onset (the stream's note-on
 * nearest the due time), how long until the pitch settled (a clean tongue speaks in tens of ms, a
 * scoop or a search takes hundreds) and, for a slur, whether it was tongued anyway. The assessor
 * judges everything else about the note (pitch, timing, steadiness, the verdict); this is the one
 * thing it does not, carried into the results by `asNoteScore`. Pure.
 *
 * Readings arrive irregularly (fast mode sends a note change at once): the on-note share weighs a
 * reading by the time it stands for (`sampleWeights`), not by count.
 */
import { median } from '../theory/cents';
import { centsFrom, clamp01, ON_NOTE_CENTS, sampleWeights, type PitchSample } from './scoring';

/** Frames within this of the first (cents) over `stableMs` are a stable pitch (the attack is over). */
const STABLE_CENTS = 10;
/** A stream onset may be stamped a little after the first frame on the note (long windows), ms. */
const ONSET_SLACK_MS = 50;
/** Under this share of the voiced time on the note, the window holds another note: no attack. */
const MIN_ON_NOTE_SHARE = 0.3;

/**
 * Attack clarity from the time between the onset and a stable pitch: 100 up to 100 ms (a clean
 * tongue or slur; a trumpet's tone takes tens of ms to speak), 0 at 500 ms (a scoop or a search).
 */
export function attackCurve(attackMs: number): number {
  return Math.round(100 * clamp01(1 - (attackMs - 100) / 400));
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
  const previousDb = median(levelsIn(onsetMs - 250, onsetMs - 100));
  const around = levelsIn(onsetMs - 80, onsetMs + 30);
  if (previousDb === null || around.length === 0) return false;
  return previousDb - Math.min(...around) >= TONGUE_DIP_DB;
}

/** How a note started (`measureAttack`); all null when not measured. */
export interface AttackMeasure {
  /** Attack sub-score 0..100 (null: not measured). */
  readonly score: number | null;
  readonly attackMs: number | null;
  readonly reattacked?: boolean | null;
}

export interface AttackOptions {
  /** Where the note was aimed, sounding Hz. */
  targetHz: number;
  /** When the note was due (or heard to start), ms on the frames' clock. */
  dueMs: number;
  /** How long the note lasts as written, ms. */
  noteMs: number;
  /** Note starts of the stream in the note's window (note-ons, re-attacks), ms. */
  onsetsMs?: readonly number[];
  /**
   * Half the analysis window, ms: frames are stamped at their window's middle, but a stable
   * window means the pitch was stable from its start (default 0).
   */
  halfWindowMs?: number;
  /**
   * How the note should start: 'slurred' (no tongue: the air keeps going from the note before) or
   * 'tongued'. Only a slur is checked: a re-attack in it (see `reattacked`) is reported.
   */
  expect?: 'slurred' | 'tongued';
  /** The stream's level dips around the note (`PitchReading.dips`); see `reattacked`. */
  dips?: readonly LevelDipSample[];
}

const NOT_MEASURED: AttackMeasure = { score: null, attackMs: null, reattacked: null };

/**
 * The attack of one note from the frames of its window (from a little before it starts to a little
 * before the next note). Not measured (all null) when the window is mostly another note or silent.
 */
export function measureAttack(
  frames: readonly PitchSample[],
  options: AttackOptions,
): AttackMeasure {
  const { targetHz, dueMs, noteMs } = options;
  const weights = sampleWeights(frames);
  const voicedIdx = frames.map((_, i) => i).filter((i) => frames[i].hz > 0);
  const onIdx = voicedIdx.filter(
    (i) => Math.abs(centsFrom(frames[i].hz, targetHz)) <= ON_NOTE_CENTS,
  );
  const voicedWeight = voicedIdx.reduce((s, i) => s + weights[i], 0);
  const onWeight = onIdx.reduce((s, i) => s + weights[i], 0);
  if (onIdx.length === 0 || onWeight < MIN_ON_NOTE_SHARE * voicedWeight) return NOT_MEASURED;

  // Onset: the stream's note start nearest the due time, up to the first frame on the note.
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
  // Never stable (a wobble or a search): the attack lasted to the last frame on the note.
  const settledMs =
    stableAt < 0 ? frames[onIdx[onIdx.length - 1]].timeMs : frames[onIdx[stableAt]].timeMs;
  const attackMs = Math.max(0, settledMs - halfWindowMs - onsetMs);
  const reattack =
    options.expect === 'slurred' ? reattacked(frames, firstOn - halfWindowMs, options.dips) : null;
  return {
    // A slur that was tongued is not the articulation asked for: at most half marks.
    score: reattack ? Math.min(50, attackCurve(attackMs)) : attackCurve(attackMs),
    attackMs,
    reattacked: reattack,
  };
}
