import type { NoteContext } from '../music/coach';
import { combosFor, valveComboLabel, type ValveCombo } from '../music/fingerings';
import { noteName } from '../music/notes';

/** Semitones each valve combination lowers the open series (trumpet.md "Harmonic series"). */
const LOWERING: Record<ValveCombo, number> = {
  '0': 0,
  '2': 1,
  '1': 2,
  '12': 3,
  '3': 3,
  '23': 4,
  '13': 5,
  '123': 6,
};
/** Written MIDI of the open series' fundamental (pedal C3): partial n sounds 12·log2(n) above it. */
const OPEN_FUNDAMENTAL_WRITTEN_MIDI = 48;

/** The partial a written note is on when played with `combo`, or null if that combo cannot play it. */
export function partialOf(writtenMidi: number, combo: ValveCombo): number | null {
  for (let partial = 1; partial <= 16; partial++) {
    const midi =
      OPEN_FUNDAMENTAL_WRITTEN_MIDI + Math.round(12 * Math.log2(partial)) - LOWERING[combo];
    if (midi === writtenMidi) return partial;
    if (midi > writtenMidi) break;
  }
  return null;
}

/** What the coach needs to know about a written note: its fingering, partial and alternates. */
export function noteContext(writtenMidi: number): NoteContext | null {
  const combos = combosFor(writtenMidi);
  const ways = combos
    .map((valves) => ({ valves, partial: partialOf(writtenMidi, valves) }))
    .filter((w): w is { valves: ValveCombo; partial: number } => w.partial !== null);
  if (ways.length === 0) return null;
  const [primary, ...alternates] = ways;
  return { name: noteName(writtenMidi), ...primary, alternates };
}

/** "1-2-3", "open": for labels next to the valve diagram. */
export const comboLabel = (combo: ValveCombo): string => valveComboLabel(combo);
