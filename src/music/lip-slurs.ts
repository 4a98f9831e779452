/**
 * Lip slurs: each valve combination's harmonic series, spelled from its fundamental
 * (../shared/notes/trumpet.md, "Harmonic series per valve combination").
 */
import type { SpelledNote } from './notes';
import type { ValveCombo } from './fingerings';
import { harmonicSeries } from './partials';
import { scaleNote, type ScaleNote } from './scales';
import { transposeSpelled } from './spelling';

/** Valve combinations in the order lip slurs walk down through them (trumpet.md routine). */
export const LIP_SLUR_COMBOS: readonly ValveCombo[] = ['0', '2', '1', '12', '23', '13', '123'];

export interface LipSlurNote extends ScaleNote {
  combo: ValveCombo;
  partial: number;
}

export interface LipSlurOptions {
  /** Top partial: 6 by default, 8 for advanced players (the flat 7th partial is skipped). */
  highestPartial?: 6 | 8;
  combos?: readonly ValveCombo[];
}

/**
 * Fundamental (pedal) of each valve combination's series as trumpet.md's harmonic-series table
 * spells it (its 2nd-partial column an octave lower): the whole series is spelled from it.
 */
const SERIES_FUNDAMENTAL: Readonly<Record<ValveCombo, SpelledNote>> = {
  '0': { letter: 'C', accidental: 0, octave: 3 },
  '2': { letter: 'B', accidental: 0, octave: 2 },
  '1': { letter: 'B', accidental: -1, octave: 2 },
  '12': { letter: 'A', accidental: 0, octave: 2 },
  '3': { letter: 'A', accidental: 0, octave: 2 },
  '23': { letter: 'A', accidental: -1, octave: 2 },
  '13': { letter: 'G', accidental: 0, octave: 2 },
  '123': { letter: 'F', accidental: 1, octave: 2 },
};

/**
 * Letters from the fundamental to partial n (1–8): octaves, 12th (octave + 5th), 17th (two octaves
 * + major 3rd), 19th, and the 7th partial's minor 7th: the harmonic series as theory spells it.
 */
const PARTIAL_LETTER_STEPS = [0, 0, 7, 11, 14, 16, 18, 20, 21];

/**
 * Partial n of a valve combination, spelled as the harmonic series of its fundamental: valve 2's
 * 5th partial is D♯5 (B major's third), 2-3's are A♭3/A♭4, 1-2-3's 5th is A♯4.
 */
export function seriesNote(combo: ValveCombo, partial: number): ScaleNote {
  const steps = PARTIAL_LETTER_STEPS[partial];
  if (steps === undefined || partial < 1) {
    throw new RangeError(`partial must be an integer from 1 to 8, got ${String(partial)}`);
  }
  const fundamental = SERIES_FUNDAMENTAL[combo];
  const semitones = Math.round(12 * Math.log2(partial));
  return scaleNote(transposeSpelled(fundamental, steps, semitones));
}

/**
 * Lip slurs: for each valve combination, its harmonic series from the 2nd partial up to the top
 * partial and back down, without moving the valves (open: C4 G4 C5 E5 G5 E5 C5 G4 C4).
 */
export function lipSlurSequence(options: LipSlurOptions = {}): LipSlurNote[] {
  const highestPartial = options.highestPartial ?? 6;
  if (highestPartial !== 6 && highestPartial !== 8) {
    throw new Error(`highestPartial must be 6 or 8, got ${String(highestPartial)}.`);
  }
  const notes: LipSlurNote[] = [];
  for (const combo of options.combos ?? LIP_SLUR_COMBOS) {
    const up = harmonicSeries(combo, { lowestPartial: 2, highestPartial })
      .filter((p) => p.partial !== 7)
      .map((p) => ({ ...seriesNote(combo, p.partial), combo, partial: p.partial }));
    notes.push(...up, ...up.slice(0, -1).reverse());
  }
  return notes;
}
