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

/** A scoop into the note: started this far off its settled pitch, and took this long to reach it. */
export interface Scoop {
  /** Signed, cents from the settled pitch at the start (negative: from below). */
  readonly cents: number;
  readonly ms: number;
}

export interface NoteInside {
  /** Time-weighted spread of the held pitch, cents (cracks, the attack and a scoop left out). */
  readonly spreadCents: number;
  readonly cracks: readonly Crack[];
  /** The note was scooped into (an attack problem, not wavering: issue 37, U9), or null. */
  readonly scoop: Scoop | null;
}

/**
 * A start this far off the settled pitch, cents (its mean 20–50 ms in: the first readings of a
 * real attack are noise), that slides onto it is a scoop…
 */
export const SCOOP_MIN_CENTS = 25;
/**
 * …when it reaches the pitch (within 10 ¢, and stays) no sooner than this, ms. A clean attack
 * on a real trumpet starts 20–90 ¢ flat too, but is within 10 ¢ by 80–95 ms (the corpus's
 * notes); a scoop a listener hears as one is still sliding after that.
 */
export const SCOOP_MIN_MS = 100;
/**
 * …and it is off by more than 10 ¢ for long enough after the first 50 ms: the area beyond
 * 10 ¢, cents × ms. A clean attack in the corpus leaves at most about 450 (−22 ¢ at 60 ms, −11 at
 * 100); a slide from −60 ¢ over 150 ms leaves about 1100.
 */
export const SCOOP_MIN_AREA = 700;
const SCOOP_ARRIVED_CENTS = 10;
/**
 * A scoop starts within this of the pitch, cents: further is the neighbouring note (a semitone is
 * 100 ¢: the tail of the note before, a semitone away, is no scoop into this one).
 */
const SCOOP_MAX_CENTS = 75;
/** Where a scoop is looked for: the note's first this many ms. */
const SCOOP_WINDOW_MS = 300;

/**
 * Whether the note started off its pitch and slid onto it: the first readings of the note (one
 * semitone either side at most, so a neighbouring note's tail is not read as one) against the
 * settled pitch; the scoop lasts until the pitch is within 10 ¢ and stays.
 */
/**
 * Where the note's sound starts: a slide onto it may begin before the tracker's onset (a start
 * more than 50 ¢ low is first heard as the semitone below), so go back over the pitched readings
 * within a semitone of it that lead to the onset. The index of the first and its time.
 */
export function soundStart(
  readings: readonly PerformanceReading[],
  from: number,
  onsetMs: number,
  settledMidi: number,
  a4Hz: number,
): { readonly first: number; readonly startMs: number } {
  let first = from;
  while (first > 0) {
    const r = readings[first - 1];
    const near =
      r.hz > 0 && Math.abs(100 * (hzToMidi(r.hz, a4Hz) - settledMidi)) <= SCOOP_MAX_CENTS;
    if (!near || onsetMs - r.windowCentreMs > SCOOP_WINDOW_MS) break;
    first--;
  }
  return { first, startMs: first < from ? readings[first].windowCentreMs : onsetMs };
}

function scoopOf(
  readings: readonly PerformanceReading[],
  from: number,
  onsetMs: number,
  settledMidi: number,
  a4Hz: number,
): Scoop | null {
  const { first, startMs } = soundStart(readings, from, onsetMs, settledMidi, a4Hz);
  const offs: { ms: number; cents: number }[] = [];
  for (let k = first; k < readings.length; k++) {
    const r = readings[k];
    if (r.windowCentreMs > startMs + SCOOP_WINDOW_MS) break;
    if (r.windowCentreMs < startMs || !(r.hz > 0)) continue;
    const cents = 100 * (hzToMidi(r.hz, a4Hz) - settledMidi);
    if (Math.abs(cents) <= 100) offs.push({ ms: r.windowCentreMs - startMs, cents });
  }
  const early = offs.filter((o) => o.ms >= 20 && o.ms <= 50);
  if (offs.length < 3 || early.length === 0) return null;
  const start = early.reduce((s, o) => s + o.cents, 0) / early.length;
  if (Math.abs(start) < SCOOP_MIN_CENTS) return null;
  // Arrived: the first reading from which every later one in the window is within 10 ¢.
  let arrived = offs.length;
  for (let i = offs.length - 1; i >= 0 && Math.abs(offs[i].cents) <= SCOOP_ARRIVED_CENTS; i--) {
    arrived = i;
  }
  if (arrived === 0 || arrived >= offs.length) return null;
  const ms = offs[arrived].ms;
  let area = 0;
  for (let i = 1; i <= arrived; i++) {
    const a = offs[i - 1];
    const b = offs[i];
    if (a.ms < 50 || Math.sign(a.cents) !== Math.sign(start)) continue;
    area += Math.max(0, Math.abs(a.cents) - SCOOP_ARRIVED_CENTS) * (b.ms - a.ms);
  }
  return ms >= SCOOP_MIN_MS && area >= SCOOP_MIN_AREA
    ? { cents: Math.round(start), ms: Math.round(ms) }
    : null;
}

export function inspectNote(
  readings: readonly PerformanceReading[],
  from: number,
  onsetMs: number,
  spanEndMs: number,
  settledMidi: number,
  a4Hz: number,
): NoteInside {
  const scoop = scoopOf(readings, from, onsetMs, settledMidi, a4Hz);
  // The held part starts after the attack, and after a scoop's slide onto the pitch.
  const startMs = Math.max(
    onsetMs + Math.min(60, attackMsOf(spanEndMs - onsetMs)),
    scoop ? onsetMs + scoop.ms : Number.NEGATIVE_INFINITY,
  );
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
  return { spreadCents: 100 * weightedSpread(held), cracks, scoop };
}
