/**
 * Lip slurs: each valve combination's harmonic series, spelled from its fundamental
 * (../shared/notes/trumpet.md, "Harmonic series per valve combination").
 */
import type { SpelledNote } from './notes';
import type { ValveCombo } from './fingerings';
import { harmonicSeries, partialDeviationCents } from './partials';
import { phrase, type Passage, type PassageEvent, type Subdivision } from './notation';
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

/**
 * 'groups': Irons-style flexibility (Earl Irons, 27 Groups of Exercises): three neighbouring
 * partials at a time, up and back, landing on the lowest (2-3-4-3 2, 3-4-5-4 3, …), each group
 * its own slur with a held note to reset, then the next group one partial higher.
 */
export type SlurDirection = 'up' | 'down' | 'both' | 'groups';

export interface LipSlurPassageOptions {
  combos?: readonly ValveCombo[];
  /** Top partial, 4..8 (default 6). */
  highestPartial?: number;
  /** Play the 7th partial when the series reaches it (scored against its natural pitch). */
  include7th?: boolean;
  direction?: SlurDirection;
  subdivision?: Subdivision;
  /** Whole bars of rest between series (default 1: a breath, and the valves change). */
  restBars?: number;
}

export interface LipSlurPassageNote extends LipSlurNote {
  /** The other partials of the series (where a crack lands), written MIDI. */
  neighbours: readonly number[];
  /** Target offset from equal temperament, cents: the 7th partial's natural −31 ¢. */
  naturalCents?: number;
}

/**
 * Lip slurs as music: one slurred phrase per valve combination (up, down or up and back), the
 * last note held, then `restBars` of rest before the next combination, in 4/4.
 */
export function lipSlurPassage(options: LipSlurPassageOptions = {}): Passage<LipSlurPassageNote> {
  const highestPartial = options.highestPartial ?? 6;
  if (!Number.isInteger(highestPartial) || highestPartial < 4 || highestPartial > 8) {
    throw new Error(
      `highestPartial must be an integer from 4 to 8, got ${String(highestPartial)}.`,
    );
  }
  const restBars = options.restBars ?? 1;
  if (!Number.isInteger(restBars) || restBars < 0 || restBars > 4) {
    throw new Error(`restBars must be an integer from 0 to 4, got ${String(restBars)}.`);
  }
  const direction = options.direction ?? 'both';
  const subdivision = options.subdivision ?? 1;
  const combos = options.combos ?? LIP_SLUR_COMBOS;
  const events: PassageEvent<LipSlurPassageNote>[] = [];
  combos.forEach((combo, c) => {
    const partials = harmonicSeries(combo, { lowestPartial: 2, highestPartial })
      .map((p) => p.partial)
      .filter((p) => p !== 7 || options.include7th === true);
    const up = partials.map((partial): LipSlurPassageNote => ({
      ...seriesNote(combo, partial),
      combo,
      partial,
      neighbours: partials.filter((q) => q !== partial).map((q) => seriesNote(combo, q).midi),
      ...(partial === 7 ? { naturalCents: partialDeviationCents(7) } : {}),
    }));
    if (direction === 'groups') {
      for (let k = 0; k + 2 < up.length; k++) {
        const [low, mid, high] = [up[k], up[k + 1], up[k + 2]];
        events.push(
          ...phrase([low, mid, high, mid, low], {
            subdivision,
            beatsPerBar: 4,
            slurred: true,
            lastNoteBeats: subdivision === 1 ? 4 : 2,
            restBars: k + 3 === up.length && c < combos.length - 1 ? restBars : 0,
          }),
        );
      }
      return;
    }
    const notes =
      direction === 'up'
        ? up
        : direction === 'down'
          ? [...up].reverse()
          : [...up, ...up.slice(0, -1).reverse()];
    events.push(
      ...phrase(notes, {
        subdivision,
        beatsPerBar: 4,
        slurred: true,
        lastNoteBeats: subdivision === 1 ? 2 : 1,
        restBars: c < combos.length - 1 ? restBars : 0,
      }),
    );
  });
  return { beatsPerBar: 4, key: null, events };
}
