/**
 * "Your horn's intonation map": from the history, per written note and fingering on one
 * instrument, the player's median offset and the spread of their attempts. Trumpet.md's
 * tendencies are rules of thumb; this is what the player's own horn does, and the coach uses it.
 *
 * What counts (the coach's memory, scoped so nothing mixes):
 * - only attempts on the chosen instrument (a C trumpet's E5 says nothing about a B♭'s);
 * - per written note AND fingering: a note recorded with the valves the exercise asked for keeps
 *   them; otherwise it was played on the chart's primary fingering;
 * - only exercises whose per-note median is measured over the whole note: long tones (the hold)
 *   and interval answers. Scales and lip slurs keep only the frames within ±20 ¢ of the target
 *   (scoring.ts `scoreTimedNote`), so their medians are clipped and would understate how far off
 *   a note is: they are left out.
 */
import {
  type HornLookup,
  combosFor,
  isValveCombo,
  type ValveCombo,
  median,
  type InstrumentId,
} from '../music';
import type { AttemptRecord, ExerciseKind } from './records';

/** Exercises whose note medians are unclipped (see above). */
export const MAP_EXERCISES: readonly ExerciseKind[] = ['long-tones', 'intervals'];

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
    if (attempt.settings.instrument !== instrument) continue;
    for (const note of attempt.notes) {
      if (note.medianCents === null || !Number.isFinite(note.medianCents)) continue;
      const combo = fingeringOf(note);
      if (combo === null) continue;
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
