/**
 * What happened inside one played note: how steady its pitch was and whether it cracked. A crack
 * is a stretch, between the attack and the last moment the note's pitch was heard, where the pitch
 * was lost (a dropout: the air or the buzz stopped), jumped to another partial, or broke briefly
 * to a neighbouring pitch, and the note came back. Sound that simply ends early is not a crack.
 */
import { median } from '../theory/cents';
import type { NoteFlag } from './assessment-types';
import { attackMsOf, midiPoints, type PerformanceReading } from './performance';
import { hzToMidi } from '../theory/notes';
import { weightedSpread } from './weighted-stats';

/** A stretch off the note shorter than this is the detector's jitter, not a crack, ms. */
export const MIN_CRACK_MS = 30;
/**
 * Readings within this of the note's settled pitch are the note, semitones (a ±25 ¢ wobble stays
 * inside; the next note's scoop from below mostly does not).
 */
const ON_NOTE_SEMITONES = 0.5;
/** The last part of a note is its release (the pitch sags as the air stops), ms. */
const RELEASE_MS = 40;

export type Crack = Extract<NoteFlag, { flag: 'cracked' }>;

export interface NoteInside {
  /** Time-weighted spread of the held pitch, cents (cracks and the attack left out). */
  readonly spreadCents: number;
  readonly cracks: readonly Crack[];
}

export function inspectNote(
  readings: readonly PerformanceReading[],
  from: number,
  onsetMs: number,
  spanEndMs: number,
  settledMidi: number,
  a4Hz: number,
): NoteInside {
  const startMs = onsetMs + Math.min(60, attackMsOf(spanEndMs - onsetMs));
  // Find the last reading on the note inside the span: beyond it is the release or a rest.
  let lastOnMs = Number.NaN;
  let k = from;
  let previousOn = false;
  while (k < readings.length && readings[k].windowCentreMs < spanEndMs) {
    const r = readings[k];
    // A window reaching into the next note may hear its attack (a scoop from below): not this.
    // The note is back only when two readings in a row are on it.
    const on =
      r.windowEndMs <= spanEndMs &&
      r.hz > 0 &&
      Math.abs(hzToMidi(r.hz, a4Hz) - settledMidi) < ON_NOTE_SEMITONES;
    if (on && previousOn) lastOnMs = r.windowCentreMs;
    previousOn = on;
    k++;
  }
  const to = k;
  const cracks: Crack[] = [];
  if (Number.isFinite(lastOnMs) && Number.isFinite(settledMidi)) {
    let runStart = Number.NaN;
    let runOffSemitones: number[] = [];
    let runUnpitched = 0;
    const close = (endMs: number): void => {
      const lengthMs = endMs - runStart;
      if (lengthMs >= MIN_CRACK_MS) {
        const off = Math.abs(median(runOffSemitones) ?? 0);
        const kind =
          runUnpitched >= runOffSemitones.length ? 'dropout' : off >= 2 ? 'partial' : 'break';
        cracks.push({
          flag: 'cracked',
          atMs: Math.round(runStart - onsetMs),
          lengthMs: Math.round(lengthMs),
          kind,
        });
      }
      runStart = Number.NaN;
      runOffSemitones = [];
      runUnpitched = 0;
    };
    for (let i = from; i < to; i++) {
      const r = readings[i];
      const t = r.windowCentreMs;
      if (t < startMs || t > lastOnMs) continue;
      const off = r.hz > 0 ? hzToMidi(r.hz, a4Hz) - settledMidi : Number.NaN;
      const onNote = Number.isFinite(off) && Math.abs(off) < ON_NOTE_SEMITONES;
      if (onNote) {
        if (Number.isFinite(runStart)) close(t);
        continue;
      }
      if (!Number.isFinite(runStart)) runStart = t;
      if (Number.isFinite(off)) runOffSemitones.push(off);
      else runUnpitched++;
    }
  }
  // Steadiness from the held part: after the attack, before the release, on the note.
  const endMs = Number.isFinite(lastOnMs) ? lastOnMs - RELEASE_MS : spanEndMs;
  const held = midiPoints(readings, from, to, startMs, Math.max(startMs, endMs), a4Hz).filter(
    (p) => Math.abs(p.value - settledMidi) < ON_NOTE_SEMITONES,
  );
  return { spreadCents: 100 * weightedSpread(held), cracks };
}
