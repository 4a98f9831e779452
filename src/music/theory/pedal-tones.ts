/**
 * Pedal tones (trumpet.md, "Range": pedal tones go below written F♯3): the fundamental of each
 * valve combination's series, written C3 (open) down to F♯2 (1-2-3), an octave below the 2nd
 * partial. Players find them by playing the 2nd partial and letting the pitch fall an octave.
 */
import type { ValveCombo } from './fingerings';
import { LIP_SLUR_COMBOS, seriesNote } from './lip-slurs';
import { spelledName, type ScaleNote } from './scales';

export interface PedalTone extends ScaleNote {
  combo: ValveCombo;
  /** The 2nd partial an octave above, on the same valves: where to start from. */
  approach: ScaleNote;
}

/** Written C3 down to F♯2 on the B♭ trumpet, with their valves. */
export const PEDAL_TONES: readonly PedalTone[] = LIP_SLUR_COMBOS.map((combo) => ({
  ...seriesNote(combo, 1),
  combo,
  approach: seriesNote(combo, 2),
}));

/** One line that guides the player onto a pedal tone. */
export function pedalGuide(pedal: PedalTone, valves: string): string {
  return (
    `${spelledName(pedal)} (${valves}): play ${spelledName(pedal.approach)} first, then let the ` +
    `jaw drop and the lips loosen until it falls an octave. Slow, warm air; never force it.`
  );
}
