/**
 * A performance as the assessor reads it: the stream's readings and note events (live from the
 * pitch service, or offline from a file run through the same worklet and stream code), cut into
 * played segments. The stream decides where notes start and stop (its note tracker) and where the
 * tongue re-attacked (its level dips); this module only groups readings by those decisions.
 *
 * The shapes are the structural subset of the stream's `PitchReading` and `NoteEvent` the
 * assessor needs (src/music may not depend on src/audio), so the stream's objects are passed as
 * they are.
 */
import { median } from '../theory/cents';
import { REATTACK_DIP_DB } from './attack-measure';
import { hzToMidi } from '../theory/notes';
import { weightedMedian, type WeightedPoint } from './weighted-stats';

export interface PerformanceReading {
  /** 0 = no pitch. */
  readonly hz: number;
  readonly levelDb: number;
  readonly windowStartMs: number;
  readonly windowEndMs: number;
  /** Where the reading describes the audio: its window's centre, ms (the stream's, not re-derived). */
  readonly windowCentreMs: number;
  readonly dips: readonly { readonly attackMs: number; readonly depthDb: number }[];
}

export type PerformanceEvent =
  | { readonly type: 'note-on'; readonly hz: number; readonly onsetMs: number }
  | {
      readonly type: 'note-off';
      readonly hz: number;
      readonly onsetMs: number;
      readonly offsetMs: number;
    };

export interface Performance {
  readonly readings: readonly PerformanceReading[];
  readonly events: readonly PerformanceEvent[];
}

/** What the player sounded between two note boundaries of the stream. */
export interface PlayedSegment {
  readonly onsetMs: number;
  readonly offsetMs: number;
  /** Readings whose window centre lies in the segment: indices [from, to). */
  readonly from: number;
  readonly to: number;
  /** Settled pitch (time-weighted median after the attack), fractional concert MIDI; NaN if none. */
  readonly midi: number;
  /** Started by a tongue stroke inside a held pitch (a level dip), not by a change of pitch. */
  readonly reattack: boolean;
}

/** A re-attack this close to a segment's ends is the note's own attack or release, ms. */
const REATTACK_EDGE_MS = 60;

/**
 * The part of a note that is its attack, ms: short notes are judged by the pitch they settle on
 * (issue 21), so the first 40 % (at most 100 ms) is left out of the settled pitch.
 */
export function attackMsOf(durationMs: number): number {
  return Math.min(100, 0.4 * durationMs);
}

/** Pitched readings between two times as (centre, fractional concert MIDI) points. */
export function midiPoints(
  readings: readonly PerformanceReading[],
  from: number,
  to: number,
  fromMs: number,
  toMs: number,
  a4Hz: number,
): WeightedPoint[] {
  const points: WeightedPoint[] = [];
  for (let k = from; k < to; k++) {
    const r = readings[k];
    const t = r.windowCentreMs;
    if (r.hz > 0 && t >= fromMs && t < toMs)
      points.push({ timeMs: t, value: hzToMidi(r.hz, a4Hz) });
  }
  return points;
}

/** First reading index whose centre is at or after `timeMs` (readings are in time order). */
export function readingIndexAt(readings: readonly PerformanceReading[], timeMs: number): number {
  let low = 0;
  let high = readings.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (readings[mid].windowCentreMs < timeMs) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The settled pitch of a stretch of readings (fractional concert MIDI, NaN when unpitched). */
export function settledMidi(
  readings: readonly PerformanceReading[],
  onsetMs: number,
  offsetMs: number,
  a4Hz: number,
): number {
  const from = readingIndexAt(readings, onsetMs);
  const to = readingIndexAt(readings, offsetMs);
  const settled = midiPoints(
    readings,
    from,
    to,
    onsetMs + attackMsOf(offsetMs - onsetMs),
    offsetMs,
    a4Hz,
  );
  return weightedMedian(
    settled.length ? settled : midiPoints(readings, from, to, onsetMs, offsetMs, a4Hz),
  );
}

/** A tracked note this short that runs straight into the next one is its attack, ms. */
export const SCOOP_MS = 100;
/** ...when its pitch lies within this of the next note's, semitones (a scoop, a fall-in). */
const SCOOP_SEMITONES = 1.5;
/** A short note settled this far from any semitone is a glide, not a note, semitones. */
const GLIDE_OFF_SEMITONE = 0.25;

interface Cut {
  onsetMs: number;
  offsetMs: number;
  reattack: boolean;
}

/**
 * The stream confirms a note as soon as two readings agree (note-tracker.ts), so an attack that
 * scoops into the note (a real trumpet's, or the corpus's soundfont's: up to ~80 ms from 30–60 ¢
 * flat) can read as a short note of its own. Such a note is the attack of the next: it is
 * reported with the note it leads into, never as a note (issue 21: "a scooped attack is a wrong
 * note"). A short note that settled on a semitone (a fast chromatic run) stays a note unless it
 * is shorter than a tongue can make one (60 ms).
 */
function mergeScoops(
  cuts: readonly Cut[],
  readings: readonly PerformanceReading[],
  a4Hz: number,
): Cut[] {
  const out: Cut[] = [];
  let pending: Cut | null = null;
  for (const cut of cuts) {
    if (pending && cut.onsetMs - pending.offsetMs < 10) {
      const lengthMs = pending.offsetMs - pending.onsetMs;
      const midi = settledMidi(readings, pending.onsetMs, pending.offsetMs, a4Hz);
      const next = settledMidi(readings, cut.onsetMs, cut.offsetMs, a4Hz);
      const glide = !(Math.abs(midi - Math.round(midi)) < GLIDE_OFF_SEMITONE);
      if (
        lengthMs < SCOOP_MS &&
        (glide || lengthMs < 60) &&
        !(Math.abs(midi - next) >= SCOOP_SEMITONES)
      ) {
        pending = { onsetMs: pending.onsetMs, offsetMs: cut.offsetMs, reattack: pending.reattack };
        continue;
      }
    }
    if (pending) out.push(pending);
    pending = { ...cut };
  }
  if (pending) out.push(pending);
  return out;
}

/**
 * The played segments: one per note the stream tracked, split where the tongue re-attacked a
 * held pitch (a level dip of at least REATTACK_DIP_DB: repeated notes keep the pitch going), with
 * scoops joined to the note they lead into.
 */
export function playedSegments(performance: Performance, a4Hz: number): PlayedSegment[] {
  const { readings, events } = performance;
  const spans: { onsetMs: number; offsetMs: number }[] = [];
  let open: number | null = null;
  for (const event of events) {
    if (event.type === 'note-on') {
      if (open !== null) spans.push({ onsetMs: open, offsetMs: event.onsetMs });
      open = event.onsetMs;
    } else if (open !== null) {
      spans.push({ onsetMs: open, offsetMs: Math.max(event.offsetMs, open) });
      open = null;
    }
  }
  const lastMs = readings.length ? readings[readings.length - 1].windowEndMs : 0;
  if (open !== null) spans.push({ onsetMs: open, offsetMs: Math.max(open, lastMs) });

  const cuts: Cut[] = [];
  for (const span of spans) {
    let startMs = span.onsetMs;
    let reattack = false;
    const from = readingIndexAt(readings, span.onsetMs);
    const to = readingIndexAt(readings, span.offsetMs + 200);
    for (let k = from; k < to; k++) {
      for (const dip of readings[k].dips) {
        const at = dip.attackMs;
        if (
          dip.depthDb >= REATTACK_DIP_DB &&
          at > startMs + REATTACK_EDGE_MS &&
          at < span.offsetMs - REATTACK_EDGE_MS
        ) {
          cuts.push({ onsetMs: startMs, offsetMs: at, reattack });
          startMs = at;
          reattack = true;
        }
      }
    }
    cuts.push({ onsetMs: startMs, offsetMs: span.offsetMs, reattack });
  }
  return mergeScoops(
    cuts.flatMap((cut) => splitAtSilences(cut, readings)),
    readings,
    a4Hz,
  ).map((cut) => ({
    ...cut,
    from: readingIndexAt(readings, cut.onsetMs),
    to: readingIndexAt(readings, cut.offsetMs),
    midi: settledMidi(readings, cut.onsetMs, cut.offsetMs, a4Hz),
  }));
}

/** A silence inside a tracked note this long, this far below the note, is a re-attack, ms / dB. */
const SILENCE_MS = 25;
const SILENCE_BELOW_DB = 20;

/**
 * Repeated staccato notes a little apart: the gap is too long for a level dip (the dip finder
 * covers ~80 ms) and too short for the note tracker's release (40 ms of no pitch, which a 21 ms
 * window shortens), so the stream keeps one note. Where the readings fell silent (no pitch, the
 * level 20 dB under the note) for 25 ms and the pitch came back, the player re-attacked.
 */
function splitAtSilences(cut: Cut, readings: readonly PerformanceReading[]): Cut[] {
  const from = readingIndexAt(readings, cut.onsetMs);
  const to = readingIndexAt(readings, cut.offsetMs);
  const levels: number[] = [];
  for (let k = from; k < to; k++) {
    const r = readings[k];
    if (r.hz > 0) levels.push(r.levelDb);
  }
  if (levels.length < 4) return [cut];
  const quietDb = (median(levels) ?? 0) - SILENCE_BELOW_DB;
  const out: Cut[] = [];
  let current: Cut = { ...cut };
  let silentFromMs = Number.NaN;
  for (let k = from; k < to; k++) {
    const r = readings[k];
    const t = r.windowCentreMs;
    if (r.hz <= 0 && r.levelDb < quietDb) {
      if (!Number.isFinite(silentFromMs)) silentFromMs = t;
      continue;
    }
    if (r.hz > 0 && Number.isFinite(silentFromMs) && t - silentFromMs >= SILENCE_MS) {
      // The sound came back inside this window: its centre, less a quarter window.
      const attackMs = t - (r.windowEndMs - r.windowStartMs) / 4;
      if (
        attackMs - current.onsetMs > REATTACK_EDGE_MS &&
        cut.offsetMs - attackMs > REATTACK_EDGE_MS
      ) {
        out.push({ ...current, offsetMs: silentFromMs });
        current = { onsetMs: attackMs, offsetMs: cut.offsetMs, reattack: true };
      }
    }
    silentFromMs = Number.NaN;
  }
  out.push(current);
  return out;
}
