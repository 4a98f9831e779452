/**
 * "Your horn's intonation map": from the history, per written note and fingering on one
 * instrument, the player's median offset and the spread of their attempts. Trumpet.md's
 * tendencies are rules of thumb; this is what the player's own horn does, and the coach uses it.
 *
 * What counts (the coach's memory, scoped so nothing mixes):
 * - every exercise: long tones (the hold), interval answers, and since the assessor judges every
 *   note of scales, lip slurs and articulation over the whole note, their medians too (the old
 *   reason to leave them out, `scoreTimedNote` keeping only frames within ±20 ¢, is gone: a note
 *   is the pitch it settled on, and over 50 ¢ off it is the neighbour, a wrong note with no
 *   cents). So a lip slur's F♯4 on 1-2-3 is in the map (issue 37, U15);
 * - only attempts on the chosen instrument (a C trumpet's E5 says nothing about a B♭'s), and not
 *   transposition practice (`partFor`: its written notes are another trumpet's);
 * - only notes aimed at equal temperament: not an attempt judged in just intonation against the
 *   drone (`temperament: 'just'`, its cents are from the just targets), nor a lip slur's 7th
 *   partial (aimed at its natural −31 ¢);
 * - per written note AND fingering: a note recorded with the valves the exercise asked for keeps
 *   them; otherwise it was played on the chart's primary fingering.
 */
import {
  type HornLookup,
  combosFor,
  isValveCombo,
  partialsOf,
  type ValveCombo,
  median,
  type InstrumentId,
} from '../music';
import { EXERCISE_KINDS, type AttemptRecord, type ExerciseKind } from './records';

/** Exercises whose note medians go in the map: all of them (see above). */
export const MAP_EXERCISES: readonly ExerciseKind[] = EXERCISE_KINDS;

/** Whether an attempt's cents are offsets from equal temperament on the player's own part. */
function measuresTheHorn(attempt: AttemptRecord): boolean {
  const { partFor, temperament } = attempt.settings;
  return (partFor === undefined || partFor === '') && temperament !== 'just';
}

/** A lip slur's 7th partial is aimed at its natural pitch, not at equal temperament. */
const isSeventhPartial = (writtenMidi: number, combo: ValveCombo): boolean =>
  partialsOf(writtenMidi, combo).some((p) => p.partial === 7);

export interface MapEntry {
  writtenMidi: number;
  combo: ValveCombo;
  /** Median offset over the attempts, cents (an even count: mean of the middle two). */
  medianCents: number;
  /** Middle half of the attempts: first and third quartiles, cents. */
  lowCents: number;
  highCents: number;
  attempts: number;
  /** Offsets in playing order, oldest first. */
  cents: readonly number[];
}

function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

/** The fingering a stored note was played with: the recorded valves, else the chart's primary. */
function fingeringOf(note: AttemptRecord['notes'][number]): ValveCombo | null {
  if (note.valves !== undefined && isValveCombo(note.valves)) return note.valves;
  return combosFor(note.writtenMidi)[0] ?? null;
}

/** The map for one instrument, sorted by written pitch then fingering order in the chart. */
export function intonationMap(
  attempts: readonly AttemptRecord[],
  instrument: InstrumentId,
): MapEntry[] {
  const byKey = new Map<string, { writtenMidi: number; combo: ValveCombo; cents: number[] }>();
  const ordered = [...attempts].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  for (const attempt of ordered) {
    if (!MAP_EXERCISES.includes(attempt.exercise)) continue;
    if (attempt.settings.instrument !== instrument || !measuresTheHorn(attempt)) continue;
    for (const note of attempt.notes) {
      if (note.medianCents === null || !Number.isFinite(note.medianCents)) continue;
      const combo = fingeringOf(note);
      if (combo === null) continue;
      if (note.valves !== undefined && isSeventhPartial(note.writtenMidi, combo)) continue;
      const key = `${note.writtenMidi}|${combo}`;
      const entry = byKey.get(key) ?? { writtenMidi: note.writtenMidi, combo, cents: [] };
      entry.cents.push(note.medianCents);
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()]
    .map((e): MapEntry => {
      const sorted = [...e.cents].sort((a, b) => a - b);
      return {
        writtenMidi: e.writtenMidi,
        combo: e.combo,
        medianCents: median(sorted) ?? 0,
        lowCents: quantile(sorted, 0.25),
        highCents: quantile(sorted, 0.75),
        attempts: sorted.length,
        cents: e.cents,
      };
    })
    .sort(
      (a, b) =>
        a.writtenMidi - b.writtenMidi ||
        combosFor(a.writtenMidi).indexOf(a.combo) - combosFor(b.writtenMidi).indexOf(b.combo),
    );
}

/** The coach's view of the map: the player's median on a note and fingering, or null. */
export function hornLookup(entries: readonly MapEntry[]): HornLookup {
  const byKey = new Map(entries.map((e) => [`${e.writtenMidi}|${e.combo}`, e]));
  return (writtenMidi, combo) => {
    const entry = byKey.get(`${writtenMidi}|${combo}`);
    return entry ? { medianCents: entry.medianCents, attempts: entry.attempts } : null;
  };
}

/**
 * The coach's memory for an exercise played on the chart's primary fingerings (long tones): the
 * earlier offsets per written note, oldest first, on this instrument and that fingering only.
 */
export function pastCentsOnPrimary(entries: readonly MapEntry[]): Map<number, readonly number[]> {
  const past = new Map<number, readonly number[]>();
  for (const entry of entries) {
    if (combosFor(entry.writtenMidi)[0] === entry.combo) past.set(entry.writtenMidi, entry.cents);
  }
  return past;
}
