/**
 * The harmonic series of each valve combination, in written pitch, and the natural intonation
 * tendencies that follow from it (trumpet.md, "Harmonic series" and "Natural intonation").
 *
 * A brass instrument's playable notes are the partials of one tube length: partial n sounds at
 * n × the fundamental. The open trumpet's fundamental is written C3 (the pedal C), so partials 2–8
 * are C4 G4 C5 E5 G5 (B♭5) C6. Each valve combination lowers the whole series by a fixed number of
 * semitones (2: 1, 1: 2, 12 or 3: 3, 23: 4, 13: 5, 123: 6).
 *
 * The deviation of partial n from the nearest equal-tempered note is 1200·log2(n) − 100·round(12·log2 n)
 * cents, from the pure ratios of the series: 3rd (3/2 above the 2nd) +1.96 ¢, 5th (5/4) −13.69 ¢,
 * 6th (6/4) +1.96 ¢, 7th (7/4) −31.17 ¢ (trumpet.md rounds these to +2.0, −13.7, +2.0, −31.2).
 * These are the idealised tube's tendencies; a real trumpet's bore shifts them a little, which is
 * why players learn them per note rather than trusting the numbers blindly.
 */
import { fingeringFor, VALVE_COMBOS, type ValveCombo } from './fingerings';

/** Written MIDI number of the open trumpet's fundamental (pedal C3). */
export const OPEN_FUNDAMENTAL_WRITTEN_MIDI = 48;
/** Highest partial modelled (the 16th is written C7 on the open series). */
export const MAX_PARTIAL = 16;
/** Partials whose deviation stays within this many cents count as usable in tune. */
export const USABLE_PARTIAL_CENTS = 15;

/** How far each valve combination lowers the open series, semitones (trumpet.md). */
export const VALVE_LOWERING_SEMITONES: Readonly<Record<ValveCombo, number>> = {
  '0': 0,
  '2': 1,
  '1': 2,
  '12': 3,
  '3': 3,
  '23': 4,
  '13': 5,
  '123': 6,
};

function validatePartial(partial: number): void {
  if (!Number.isInteger(partial) || partial < 1 || partial > MAX_PARTIAL) {
    throw new RangeError(
      `partial must be an integer from 1 to ${MAX_PARTIAL}, got ${String(partial)}`,
    );
  }
}

/** Equal-tempered semitones from the fundamental to the note partial n is played as. */
export function partialSemitones(partial: number): number {
  validatePartial(partial);
  return Math.round(12 * Math.log2(partial));
}

/**
 * Natural deviation of partial n from equal temperament, cents (negative = flat), computed from the
 * pure ratio n:1. Same for every valve combination.
 */
export function partialDeviationCents(partial: number): number {
  return 1200 * Math.log2(partial) - 100 * partialSemitones(partial);
}

/** One partial of one valve combination. */
export interface PartialNote {
  /** 1 = fundamental (pedal tone), 2 = the lowest regular note of the series, … */
  readonly partial: number;
  readonly combo: ValveCombo;
  /** Nearest equal-tempered written note. */
  readonly writtenMidi: number;
  /** Natural deviation from that note, cents (negative = flat). */
  readonly deviationCents: number;
  /** Within ±USABLE_PARTIAL_CENTS: the 7th, 11th, 13th and 14th partials are not. */
  readonly usable: boolean;
}

function partialNote(combo: ValveCombo, partial: number): PartialNote {
  const deviationCents = partialDeviationCents(partial);
  return {
    partial,
    combo,
    writtenMidi:
      OPEN_FUNDAMENTAL_WRITTEN_MIDI - VALVE_LOWERING_SEMITONES[combo] + partialSemitones(partial),
    deviationCents,
    usable: Math.abs(deviationCents) <= USABLE_PARTIAL_CENTS,
  };
}

export interface SeriesRange {
  /** Lowest partial, 1–16; default 2 (as trumpet.md's table). */
  lowestPartial?: number;
  /** Highest partial, 1–16; default 8. */
  highestPartial?: number;
}

/** The harmonic series of a valve combination, ascending (partials 2–8 by default). */
export function harmonicSeries(combo: ValveCombo, range: SeriesRange = {}): readonly PartialNote[] {
  const lowest = range.lowestPartial ?? 2;
  const highest = range.highestPartial ?? 8;
  validatePartial(lowest);
  validatePartial(highest);
  if (lowest > highest) {
    throw new RangeError(`lowestPartial (${lowest}) must not exceed highestPartial (${highest})`);
  }
  const series: PartialNote[] = [];
  for (let n = lowest; n <= highest; n++) series.push(partialNote(combo, n));
  return series;
}

/**
 * Partials (1–16) of a valve combination that sound as the given written note, usually one, none
 * when the note is not in that series (e.g. written F4 is not on the open series).
 */
export function partialsOf(writtenMidi: number, combo: ValveCombo): readonly PartialNote[] {
  return harmonicSeries(combo, { lowestPartial: 1, highestPartial: MAX_PARTIAL }).filter(
    (p) => p.writtenMidi === writtenMidi,
  );
}

/** Every (valve combination, partial) that plays a written note, in VALVE_COMBOS order. */
export function allPartialsOf(writtenMidi: number): readonly PartialNote[] {
  return VALVE_COMBOS.flatMap((combo) => partialsOf(writtenMidi, combo));
}

/** How a valve combination tends to sound on a typical trumpet (trumpet.md). */
export type ValveTuning = 'neutral' | 'slightly-sharp' | 'sharp';

/** What a player does about it. */
export type ValveRemedy = 'extend-third-slide' | 'extend-first-slide' | 'use-third-valve';

export interface ValveComboTendency {
  readonly combo: ValveCombo;
  readonly tuning: ValveTuning;
  /** In order of preference; [] when nothing is needed. */
  readonly remedies: readonly ValveRemedy[];
  /** One sentence for a player ('' when neutral). */
  readonly advice: string;
}

const NEUTRAL = { tuning: 'neutral', remedies: [], advice: '' } as const;

/**
 * Valve combinations and their tendencies. The valve tubes are each cut for their own interval, so
 * in combination they are too short and the note is sharp: badly for 1-3 and 1-2-3, slightly for
 * 1-2 (trumpet.md).
 */
export const VALVE_TENDENCIES: Readonly<Record<ValveCombo, ValveComboTendency>> = {
  '0': { combo: '0', ...NEUTRAL },
  '1': { combo: '1', ...NEUTRAL },
  '2': { combo: '2', ...NEUTRAL },
  '3': { combo: '3', ...NEUTRAL },
  '23': { combo: '23', ...NEUTRAL },
  '12': {
    combo: '12',
    tuning: 'slightly-sharp',
    remedies: ['extend-first-slide', 'use-third-valve'],
    advice: '1-2 is slightly sharp: extend the 1st valve slide, or finger 3 instead.',
  },
  '13': {
    combo: '13',
    tuning: 'sharp',
    remedies: ['extend-third-slide'],
    advice: '1-3 is sharp: extend the 3rd valve slide (low D and G).',
  },
  '123': {
    combo: '123',
    tuning: 'sharp',
    remedies: ['extend-third-slide'],
    advice: '1-2-3 is sharp: extend the 3rd valve slide (low C♯ and F♯).',
  },
};

/** Everything known about how a written note tends to sound with one fingering. */
export interface IntonationTendency {
  readonly writtenMidi: number;
  readonly combo: ValveCombo;
  /** The partial the note is on with that combination, or null if it is not in that series. */
  readonly partial: PartialNote | null;
  /** Natural deviation of that partial, cents (0 if none). Valve tendencies are not included. */
  readonly partialDeviationCents: number;
  readonly valve: ValveComboTendency;
}

/**
 * Intonation tendency of a written note, with the given combination or, by default, its primary
 * fingering. Returns null when no combination is given and the note has no standard fingering.
 */
export function intonationTendency(
  writtenMidi: number,
  combo?: ValveCombo,
): IntonationTendency | null {
  let chosen = combo;
  if (chosen === undefined) {
    const fingering = fingeringFor(writtenMidi);
    if (!fingering.hasFingering) return null;
    chosen = fingering.primary;
  }
  const partial = partialsOf(writtenMidi, chosen)[0] ?? null;
  return {
    writtenMidi,
    combo: chosen,
    partial,
    partialDeviationCents: partial === null ? 0 : partial.deviationCents,
    valve: VALVE_TENDENCIES[chosen],
  };
}
