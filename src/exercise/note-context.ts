import {
  type NoteContext,
  combosFor,
  valveComboLabel,
  type ValveCombo,
  noteName,
  partialsOf,
} from '../music';

/** The partial a written note is on when played with `combo`, or null if that combo cannot play it. */
export function partialOf(writtenMidi: number, combo: ValveCombo): number | null {
  return partialsOf(writtenMidi, combo)[0]?.partial ?? null;
}

/**
 * What the coach needs to know about a written note: its fingering, partial and alternates.
 * `name` is the note as the exercise spells it (default: the fingering chart's spelling).
 */
export function noteContext(writtenMidi: number, name?: string): NoteContext | null {
  const combos = combosFor(writtenMidi);
  const ways = combos
    .map((valves) => ({ valves, partial: partialOf(writtenMidi, valves) }))
    .filter((w): w is { valves: ValveCombo; partial: number } => w.partial !== null);
  if (ways.length === 0) return null;
  const [primary, ...alternates] = ways;
  return { writtenMidi, name: name ?? noteName(writtenMidi), ...primary, alternates };
}

/** "1-2-3", "open": for labels next to the valve diagram. */
export const comboLabel = (combo: ValveCombo): string => valveComboLabel(combo);
