/**
 * Cents (1/100 of an equal-tempered semitone, 1200 per octave) between frequencies, the nearest
 * note to a pitch reading and the in-tune check the tuner colours by.
 *
 * Pitch readings use the project's convention: 0 Hz (or anything non-finite/non-positive) means
 * "no pitch" and is returned as data (`NO_PITCH`), never as NaN or an exception.
 */
import { A4_MIDI, DEFAULT_A4_HZ, validateA4Hz } from './notes';

/** Cents per octave. */
export const CENTS_PER_OCTAVE = 1200;
/** Default half-width of the in-tune band, cents (±5 ¢). */
export const DEFAULT_IN_TUNE_CENTS = 5;
/** Largest accepted half-width of the in-tune band: ±50 ¢ covers any reading. */
export const MAX_IN_TUNE_CENTS = 50;

/** True when `hz` is a usable pitch (positive and finite); 0 Hz means no pitch. */
export function isPitchHz(hz: number): boolean {
  return hz > 0 && Number.isFinite(hz);
}

/**
 * Cents from `referenceHz` to `hz`: positive when `hz` is sharp (higher) of the reference.
 * 440 → 442 Hz is +7.85 ¢. Returns 0 when either frequency is not a pitch, so a no-pitch reading
 * never produces NaN; check `isPitchHz` first where "no pitch" must be told apart from "in tune".
 */
export function centsBetween(referenceHz: number, hz: number): number {
  if (!isPitchHz(referenceHz) || !isPitchHz(hz)) return 0;
  return CENTS_PER_OCTAVE * Math.log2(hz / referenceHz);
}

/** The frequency `cents` above (or, if negative, below) `hz`. */
export function shiftHzByCents(hz: number, cents: number): number {
  return hz * 2 ** (cents / CENTS_PER_OCTAVE);
}

/** Result of `nearestNote` for a reading with no pitch (0 Hz, NaN, ±Infinity, negative). */
export interface NoPitch {
  readonly hasPitch: false;
}

/** The equal-tempered note nearest to a reading and how far the reading is from it. */
export interface NearestNote {
  readonly hasPitch: true;
  /** The reading, Hz. */
  readonly hz: number;
  /** Integer MIDI number of the nearest note, in the same (concert) pitch as the reading. */
  readonly midi: number;
  /** Signed deviation from that note, cents in [−50, +50): positive = sharp. */
  readonly cents: number;
  /** Equal-tempered frequency of the nearest note at the reference used, Hz. */
  readonly targetHz: number;
}

export type PitchEstimate = NearestNote | NoPitch;

/** The shared no-pitch result (frozen, so comparing with it or storing it is safe). */
export const NO_PITCH: NoPitch = Object.freeze({ hasPitch: false });

/**
 * Nearest equal-tempered note (concert pitch) and signed cents for a reading in Hz, at the given A4
 * reference. A reading exactly halfway between two notes (±50 ¢) goes to the upper note, so the
 * cents are always in [−50, +50). Use `transposition.ts` to show it in written pitch.
 */
export function nearestNote(hz: number, a4Hz: number = DEFAULT_A4_HZ): PitchEstimate {
  validateA4Hz(a4Hz);
  if (!isPitchHz(hz)) return NO_PITCH;
  const exactMidi = A4_MIDI + 12 * Math.log2(hz / a4Hz);
  const midi = Math.floor(exactMidi + 0.5);
  const cents = (exactMidi - midi) * 100;
  const targetHz = a4Hz * 2 ** ((midi - A4_MIDI) / 12);
  return { hasPitch: true, hz, midi, cents, targetHz };
}

/**
 * Throws a RangeError naming the allowed range unless `toleranceCents` is in (0, 50].
 * Returns the value so it can be used inline.
 */
export function validateInTuneCents(toleranceCents: number): number {
  if (
    !Number.isFinite(toleranceCents) ||
    toleranceCents <= 0 ||
    toleranceCents > MAX_IN_TUNE_CENTS
  ) {
    throw new RangeError(
      `in-tune band must be more than 0 and at most ${MAX_IN_TUNE_CENTS} cents, got ${String(toleranceCents)}`,
    );
  }
  return toleranceCents;
}

/** Where a deviation falls relative to the in-tune band. */
export type TuningVerdict = 'flat' | 'in-tune' | 'sharp';

/**
 * Whether a deviation in cents is inside the ±`toleranceCents` band (edges included: exactly +5 ¢
 * is in tune with the default band). NaN is never in tune.
 */
export function isInTune(cents: number, toleranceCents: number = DEFAULT_IN_TUNE_CENTS): boolean {
  validateInTuneCents(toleranceCents);
  return Math.abs(cents) <= toleranceCents;
}

/** 'flat', 'in-tune' or 'sharp' for a deviation in cents and a band half-width. */
export function tuningVerdict(
  cents: number,
  toleranceCents: number = DEFAULT_IN_TUNE_CENTS,
): TuningVerdict {
  if (isInTune(cents, toleranceCents)) return 'in-tune';
  return cents < 0 ? 'flat' : 'sharp';
}

/**
 * Signed cents for display: "+12 ¢", "−3 ¢", and "0 ¢" for anything that rounds to zero (never
 * "−0 ¢" or "+0 ¢"). `digits` decimals (default 0); `unit` appended (default " ¢"); null → "—".
 */
export function formatCents(cents: number | null, digits = 0, unit = ' ¢'): string {
  if (cents === null || !Number.isFinite(cents)) return '—';
  const text = Math.abs(cents).toFixed(digits);
  if (Number(text) === 0) return `${(0).toFixed(digits)}${unit}`;
  return `${cents > 0 ? '+' : '−'}${text}${unit}`;
}

/**
 * Median of a list of numbers (an even count gives the mean of the two middle values:
 * [−30, −30, +30, +30] → 0), or null for an empty list. Non-finite values are ignored.
 */
export function median(values: readonly number[]): number | null {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
