/**
 * What a trumpet teacher says about the intonation of a written note on one fingering: which
 * partial it is, which way it *tends* (a rule of thumb; every horn and player differs, which is why
 * the app also learns the player's own map from history), and the fix when the player is sharp or
 * flat. Source: /shared/notes/trumpet.md, "Natural intonation tendencies" and "Standard alternates
 * used for intonation".
 *
 * - 5th-partial notes (E5, E♭5, D5 on 1, C♯5 on 1-2; their octave, the 10th) tend flat.
 * - 6th-partial notes (top-line F, F♯, G) tend sharp.
 * - The 7th partial is too flat to use: trill/alternate fingerings only, never a fix.
 * - 1-3 and 1-2-3 tend sharp (the valve tubing is too short in combination): extend the 3rd slide;
 *   a player flat on them has most likely pulled the 3rd slide out too far: push it in.
 * - 1-2 tends slightly sharp (1st slide out, or finger 3) except where the 5th partial's flatness
 *   outweighs it (C♯5, C♯6).
 * - Flat with no valve cause: faster air, hear the pitch first; sharp: relax, open the aperture.
 * - The only alternates offered as fixes are the standard swaps below, each with how far it leans.
 */
import { alternateUse, fingeringFor, valveComboLabel, type ValveCombo } from './fingerings';
import { midiOf } from './notes';
import { partialsOf } from './partials';

/** Which way a note tends on a typical trumpet. 'unusable' = the 7th partial (trill/alternate). */
export type Lean = 'sharp' | 'flat' | 'none' | 'unusable';

/** Why it leans that way. */
export type LeanCause =
  'fifth-partial' | 'sixth-partial' | 'seventh-partial' | 'valves-1-3' | 'valves-1-2' | null;

export interface NoteLean {
  readonly writtenMidi: number;
  readonly combo: ValveCombo;
  /** The partial the note is on with that combination (null: not in that series). */
  readonly partial: number | null;
  readonly lean: Lean;
  readonly cause: LeanCause;
  /** "tends flat", "1-3 tends sharp", "tends slightly sharp"; null when there is nothing to say. */
  readonly text: string | null;
}

const FLAT_PARTIALS = new Set([5, 10]);
const SHARP_PARTIALS = new Set([6]);
const SEVENTH_PARTIALS = new Set([7, 14]);

/** The partial of a written note on a combination (the lowest one if several), or null. */
export function partialOn(writtenMidi: number, combo: ValveCombo): number | null {
  return partialsOf(writtenMidi, combo)[0]?.partial ?? null;
}

/** Which way a written note tends with a combination (trumpet.md rules of thumb). */
export function noteLean(writtenMidi: number, combo: ValveCombo): NoteLean {
  const partial = partialOn(writtenMidi, combo);
  const base = { writtenMidi, combo, partial };
  if (partial !== null && SEVENTH_PARTIALS.has(partial)) {
    return {
      ...base,
      lean: 'unusable',
      cause: 'seventh-partial',
      text: '7th partial: too flat to use except as a trill/alternate',
    };
  }
  if (partial === 1) {
    // Pedal tones are centred by the lips and air, not by the valve tubing (trumpet.md).
    return { ...base, lean: 'none', cause: null, text: null };
  }
  if (combo === '13' || combo === '123') {
    return {
      ...base,
      lean: 'sharp',
      cause: 'valves-1-3',
      text: `${valveComboLabel(combo)} tends sharp`,
    };
  }
  if (partial !== null && FLAT_PARTIALS.has(partial)) {
    return { ...base, lean: 'flat', cause: 'fifth-partial', text: 'tends flat' };
  }
  if (partial !== null && SHARP_PARTIALS.has(partial)) {
    return { ...base, lean: 'sharp', cause: 'sixth-partial', text: 'tends sharp' };
  }
  if (combo === '12') {
    return { ...base, lean: 'sharp', cause: 'valves-1-2', text: '1-2 tends slightly sharp' };
  }
  return { ...base, lean: 'none', cause: null, text: null };
}

/** A standard alternate a teacher swaps to for intonation, and how far it leans. */
export interface IntonationSwap {
  readonly writtenMidi: number;
  /** The usual fingering the player is off on. */
  readonly from: ValveCombo;
  /** The alternate to try. */
  readonly to: ValveCombo;
  /** It fixes a note that is this (the alternate leans the other way). */
  readonly fixes: 'flat' | 'sharp';
  /** Roughly how much higher (+) or lower (−) the alternate sits than `from`, cents. */
  readonly leanCents: number;
  /** Extra condition a player must meet ("with the 3rd slide out"), or null. */
  readonly condition: string | null;
}

/**
 * trumpet.md "Standard alternates used for intonation": a flat 5th-partial note moves to the 6th
 * partial of a longer valve combination (which tends sharp: E5 → 1-2 or 3, D5 → 1-3, E♭5 → 2-3,
 * C♯5 → 1-2-3 with the 3rd slide out); a sharp 1-2 note moves to 3 ("1-2 is slightly sharp: …
 * use 3 instead"). The cents are the teacher's rough size of the change (5th vs 6th partial
 * ≈ 16 ¢, plus the combination's own sharpness), not a measurement: the player's map says more.
 */
export const INTONATION_SWAPS: readonly IntonationSwap[] = [
  swap('E5', '0', '12', 'flat', 20),
  swap('E5', '0', '3', 'flat', 15),
  swap('D5', '1', '13', 'flat', 20),
  swap('E♭5', '2', '23', 'flat', 15),
  { ...swap('C♯5', '12', '123', 'flat', 20), condition: 'with the 3rd slide out' },
  swap('A3', '12', '3', 'sharp', -5),
  swap('E4', '12', '3', 'sharp', -5),
  swap('A4', '12', '3', 'sharp', -5),
  swap('A5', '12', '3', 'sharp', -5),
];

function swap(
  name: string,
  from: ValveCombo,
  to: ValveCombo,
  fixes: 'flat' | 'sharp',
  leanCents: number,
): IntonationSwap {
  return { writtenMidi: midiOf(name), from, to, fixes, leanCents, condition: null };
}

/** The standard swaps for a note played on `from` that is `off` (sharp or flat). */
export function swapsFor(
  writtenMidi: number,
  from: ValveCombo,
  off: 'sharp' | 'flat',
): readonly IntonationSwap[] {
  return INTONATION_SWAPS.filter(
    (s) => s.writtenMidi === writtenMidi && s.from === from && s.fixes === off,
  );
}

/** "1-2 (about 20 ¢ higher)", "1-2-3 with the 3rd slide out". */
export function swapText(s: IntonationSwap): string {
  const label = valveComboLabel(s.to);
  if (s.condition) return `${label} ${s.condition}`;
  return `${label} (about ${Math.abs(s.leanCents)} ¢ ${s.leanCents > 0 ? 'higher' : 'lower'})`;
}

/** What the player can do about a note that is off, on one fingering. */
export interface Fix {
  /** One short sentence without a leading capital: "faster air, or try 1-2". */
  readonly text: string;
  /** The standard swaps it mentions (may be []). */
  readonly swaps: readonly IntonationSwap[];
}

const FLAT_FALLBACK = 'faster air, hear the pitch first';
const SHARP_FALLBACK = 'relax, open the aperture';
/** trumpet.md "Saying it right": the flat 1-3 / 1-2-3 cause is likely, not certain. */
const FLAT_THIRD_SLIDE = 'if your 3rd slide is out, push it in; otherwise faster air';
const SHARP_THIRD_SLIDE = 'extend the 3rd valve slide';
/** Written F♯3: below it every note is a pedal or false tone, centred by lips and air. */
const LOWEST_SLIDE_NOTE_MIDI = 54;

/**
 * THE fix for a note that is `off` on a fingering: the one source of pitch advice for the tuner,
 * the long-tone coach, scales, slurs, articulation, pieces and results (trumpet.md "Natural
 * intonation tendencies", "Saying it right"). It depends on the fingering actually used:
 * - a trill or 7th-partial fingering is never fixed, only named ("except in trills");
 * - pedal and false tones (below written F♯3) are set by the lips and air: no slide talk;
 * - 1-3 / 1-2-3 sharp is the 3rd valve slide on every screen, never "open the aperture"; flat, the
 *   slide is probably out too far (said as a condition, not a fact);
 * - 1-2 sharp is the 1st slide (or 3) except where the 5th partial's flatness outweighs it;
 * - a flat 5th-partial note gets the standard swaps; otherwise faster air / relax.
 * `combo` null: the fingering is unknown (a note off the chart), so only air and aperture.
 * `longForm` adds how far each swap leans (the coach's sentence); the short form fits a line.
 * `fingeringFixed`: the exercise sets the valves (lip slurs), so no swap is offered.
 */
export function fixFor(
  writtenMidi: number,
  combo: ValveCombo | null,
  off: 'sharp' | 'flat',
  longForm = false,
  fingeringFixed = false,
): Fix {
  const generic = { text: off === 'flat' ? FLAT_FALLBACK : SHARP_FALLBACK, swaps: [] };
  if (combo === null || writtenMidi < LOWEST_SLIDE_NOTE_MIDI) return generic;
  const use = alternateUse(writtenMidi, combo);
  const lean = noteLean(writtenMidi, combo);
  // A lip slur plays the whole series on its valves: F♯4 on 1-2-3 is no trill fingering there.
  const trill = use === 'trill-only' || use === 'seventh-partial' || lean.lean === 'unusable';
  if (trill && !fingeringFixed) {
    const primary = fingeringFor(writtenMidi);
    const instead =
      primary.hasFingering && primary.primary !== combo
        ? `: finger it ${valveComboLabel(primary.primary)}`
        : '';
    return {
      text: `don't use ${valveComboLabel(combo)} here except in trills${instead}`,
      swaps: [],
    };
  }
  // A lip slur keeps its valves: no alternate fingering to swap to there.
  const swaps = fingeringFixed ? [] : [...swapsFor(writtenMidi, combo, off)];
  const swapList = swaps.map((s) => (longForm ? swapText(s) : shortSwap(s))).join(' or ');
  if (lean.cause === 'valves-1-3') {
    return { text: off === 'sharp' ? SHARP_THIRD_SLIDE : FLAT_THIRD_SLIDE, swaps: [] };
  }
  if (off === 'flat') {
    return swaps.length > 0 ? { text: `faster air, or try ${swapList}`, swaps } : generic;
  }
  // 1-2 sharp: the 1st slide, unless the note sits on the flat 5th partial (C♯5, C♯6).
  if (combo === '12' && lean.cause !== 'fifth-partial') {
    return {
      text: swaps.length > 0 ? `1st slide out, or finger it ${swapList}` : '1st slide out',
      swaps,
    };
  }
  return generic;
}

function shortSwap(s: IntonationSwap): string {
  const label = valveComboLabel(s.to);
  return s.condition ? `${label} ${s.condition}` : label;
}

/** "5th partial · tends flat", "3rd partial · 1-3 tends sharp", "pedal (1st partial)"; null off the series. */
export function tendencyLine(writtenMidi: number, combo: ValveCombo): string | null {
  const lean = noteLean(writtenMidi, combo);
  if (lean.partial === null) return null;
  const partial = lean.partial === 1 ? 'pedal (1st partial)' : `${ordinal(lean.partial)} partial`;
  return lean.text === null ? partial : `${partial} · ${lean.text}`;
}

/**
 * The fix worth saying on a live reading (the tuner): only when the reading leans the way the
 * note tends (a sharp E5 is never told "faster air"), or the fingering has its own cause for that
 * way (a flat 1-3 note: the 3rd slide may be out). Null when in tune or nothing applies.
 */
export function leaningFix(
  writtenMidi: number,
  combo: ValveCombo,
  cents: number,
  inTuneCents: number,
): string | null {
  if (!Number.isFinite(cents) || Math.abs(cents) <= inTuneCents) return null;
  const off = cents > 0 ? 'sharp' : 'flat';
  const lean = noteLean(writtenMidi, combo);
  const slideCause = lean.cause === 'valves-1-3' && writtenMidi >= LOWEST_SLIDE_NOTE_MIDI;
  if (lean.lean !== off && !slideCause) return null;
  return fixFor(writtenMidi, combo, off).text;
}

/**
 * The tuner's line under the note on its primary fingering: the tendency always ("5th partial ·
 * tends flat"), its fix only when the reading leans that way ("…: faster air, or try 1-2 or 3").
 * The caller puts the note name in front. A note off the chart gives null. Without a reading
 * (`cents` null) only the tendency.
 */
export function tunerHint(
  writtenMidi: number,
  cents: number | null = null,
  inTuneCents = 10,
): string | null {
  const fingering = fingeringFor(writtenMidi);
  if (!fingering.hasFingering) return null;
  const line = tendencyLine(writtenMidi, fingering.primary);
  if (line === null) return null;
  const fix =
    cents === null ? null : leaningFix(writtenMidi, fingering.primary, cents, inTuneCents);
  return fix === null ? line : `${line}: ${fix}`;
}

const SUFFIX = ['th', 'st', 'nd', 'rd'];
/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (SUFFIX[n % 10] ?? 'th');
  return `${n}${suffix}`;
}
