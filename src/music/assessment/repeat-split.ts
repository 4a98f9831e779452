/**
 * Repeated notes the stream kept as one: a player tonguing eighths on one pitch with a short gap
 * (17–38 ms at ♩ = 100–120) leaves a level dip of only ~4 dB, below the 5 dB the performance
 * reader splits on without a score (REATTACK_DIP_DB: slurs' crossfades reach 3.7 dB). When the
 * score asks for the same pitch again and the follower found no segment for it, the segment
 * before is split at its deepest dip of at least WEAK_REATTACK_DIP_DB, found where the repeated
 * note can start: the score's evidence decides what the level alone could not. Pure.
 */
import type { FollowedNote, Alignment } from './follower';
import {
  settledMidi,
  readingIndexAt,
  type PerformanceReading,
  type PlayedSegment,
} from './performance';

/** Above a held note's own ripple (2–3.3 dB) and a slur's crossfade (2.7–3.7 dB) on the corpus. */
export const WEAK_REATTACK_DIP_DB = 3.8;
/**
 * ...or this deep where the repeat is due (within a quarter of the written gap of the time the
 * neighbouring onsets put it at): there the beat, not the level alone, says it is a stroke.
 */
export const DUE_REATTACK_DIP_DB = 3;
/** A split this close to a segment's end is its release, not a new note, ms. */
const END_MS = 60;

/**
 * The segments with each held-through repeat split, or null when there is none. `tempoRatio`
 * scales written time to played time (1 without a tempo: the window is wide enough for rubato).
 */
export function splitHeldRepeats(
  notes: readonly FollowedNote[],
  segments: readonly PlayedSegment[],
  alignment: Alignment,
  readings: readonly PerformanceReading[],
  a4Hz: number,
  tempoRatio: number,
): PlayedSegment[] | null {
  const out = [...segments];
  let changed = false;
  for (let i = notes.length - 1; i > 0; i--) {
    if (alignment.segmentOf[i] >= 0) continue;
    const s = alignment.segmentOf[i - 1];
    const note = notes[i];
    const before = notes[i - 1];
    const segment = segments[s];
    if (s < 0 || !segment || note.midi !== before.midi) continue;
    if (Math.round(segment.midi) !== note.midi) continue;
    const gapMs = note.startMs - before.startMs;
    // The local tempo from the next note the follower placed, else the given one.
    const next = notes[i + 1];
    const nextSegment = segments[(alignment.segmentOf[i + 1] as number | undefined) ?? -1];
    const ratio =
      next && nextSegment && next.startMs > before.startMs
        ? (nextSegment.onsetMs - segment.onsetMs) / (next.startMs - before.startMs)
        : tempoRatio;
    const dueMs = segment.onsetMs + gapMs * ratio;
    // The repeat can start from 40 % of the written gap on (a rushing player) to the end.
    const fromMs = segment.onsetMs + 0.4 * gapMs * ratio;
    const toMs = segment.offsetMs - END_MS;
    let best: { attackMs: number; depthDb: number } | null = null;
    for (let k = segment.from; k < segment.to; k++) {
      for (const dip of readings[k].dips) {
        if (dip.attackMs < fromMs || dip.attackMs > toMs) continue;
        const due = Math.abs(dip.attackMs - dueMs) <= 0.25 * gapMs * ratio;
        if (dip.depthDb < (due ? DUE_REATTACK_DIP_DB : WEAK_REATTACK_DIP_DB)) continue;
        if (!best || dip.depthDb > best.depthDb) best = dip;
      }
    }
    if (!best) continue;
    const cut = best.attackMs;
    const firstTo = readingIndexAt(readings, cut);
    out.splice(
      s,
      1,
      {
        ...segment,
        offsetMs: cut,
        to: firstTo,
        midi: settledMidi(readings, segment.onsetMs, cut, a4Hz),
      },
      {
        onsetMs: cut,
        offsetMs: segment.offsetMs,
        from: firstTo,
        to: segment.to,
        midi: settledMidi(readings, cut, segment.offsetMs, a4Hz),
        reattack: true,
      },
    );
    changed = true;
  }
  return changed ? out : null;
}
