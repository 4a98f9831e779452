/**
 * The intonation coach: knows which partial and valve combination a written note is played on,
 * says why that note tends to be out of tune, and — when the player is consistently off on it —
 * suggests the slide or an alternate fingering. Pure text generation; the caller supplies the
 * note's fingering context (from the fingering/partial tables) and the player's measured offsets.
 *
 * Tendencies (trumpet pedagogy; see /shared/notes/trumpet.md): natural partials deviate from equal
 * temperament by 1200·log2(n/2^round(log2 n)) minus the tempered interval: 3rd +2.0 ¢, 5th −13.7 ¢,
 * 6th +2.0 ¢, 7th −31.2 ¢. Valve combinations 1-3 and 1-2-3 are sharp because each valve's tubing
 * is cut for use alone (extend the 3rd valve slide); 1-2 is slightly sharp (1st slide, or use 3).
 */
import { partialDeviationCents } from './partials';

/** One way of playing a written note: the valves pressed ('0' = open, '12', '123' …) and the partial. */
export interface FingeringPartial {
  valves: string;
  /** Harmonic number of the note in that valve combination's series (2 = the low C of open). */
  partial: number;
}

export interface NoteContext extends FingeringPartial {
  /** Written name for messages, e.g. "E5". */
  name: string;
  /** Other fingerings for the same written note (from the fingering chart). */
  alternates: readonly FingeringPartial[];
}

const ORDINAL = ['th', 'st', 'nd', 'rd'];
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (ORDINAL[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

function valveLabel(valves: string): string {
  return valves === '0' ? 'open' : valves.split('').join('-');
}

export type TendencyDirection = 'sharp' | 'flat' | 'none';

export interface Tendency {
  direction: TendencyDirection;
  /** Why, in one or two sentences; null when the note has no notable tendency. */
  reason: string | null;
  /** Which slide corrects it, when a slide does ('3rd' or '1st'). */
  slide: '1st' | '3rd' | null;
}

/** Partial deviations smaller than this are not worth telling a player about. */
const NOTABLE_PARTIAL_CENTS = 5;

/** Why a note played with these valves on this partial tends to be out of tune. */
export function tendencyOf({ valves, partial }: FingeringPartial): Tendency {
  const deviation = partialDeviationCents(partial);
  const reasons: string[] = [];
  let sharpness = 0; // votes: + sharp, − flat
  if (Math.abs(deviation) >= NOTABLE_PARTIAL_CENTS) {
    reasons.push(
      `the ${ordinal(partial)} partial is naturally ~${Math.round(Math.abs(deviation))} ¢ ${deviation < 0 ? 'flat' : 'sharp'}`,
    );
    sharpness += Math.sign(deviation) * Math.abs(deviation);
  } else if (partial === 6 || partial === 3) {
    reasons.push(`the ${ordinal(partial)} partial is naturally ~2 ¢ sharp (barely)`);
  }
  let slide: Tendency['slide'] = null;
  if (valves === '13' || valves === '123') {
    reasons.push(
      `${valveLabel(valves)} is sharp (the valve tubes are too short in combination): extend the 3rd valve slide`,
    );
    sharpness += 20;
    slide = '3rd';
  } else if (valves === '12') {
    reasons.push('1-2 is slightly sharp: use the 1st valve slide, or play it with 3');
    sharpness += 8;
    slide = '1st';
  }
  const direction: TendencyDirection =
    sharpness >= NOTABLE_PARTIAL_CENTS
      ? 'sharp'
      : sharpness <= -NOTABLE_PARTIAL_CENTS
        ? 'flat'
        : 'none';
  return { direction, reason: reasons.length ? capitalise(reasons.join('; ')) + '.' : null, slide };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 'wrong-note': the player held another note (the caller names it; see `wrongNoteAdvice`). */
export type Verdict = 'sharp' | 'flat' | 'in-tune' | 'no-pitch' | 'wrong-note';

export interface CoachAdvice {
  verdict: Verdict;
  /** "You played E5 35 ¢ sharp." */
  summary: string;
  /** What the note is (valves, partial) and its tendency, e.g. for the "why" line. */
  tendency: string;
  /** A concrete suggestion when the player is consistently off on this note; else null. */
  suggestion: string | null;
}

/** How many recent attempts on a note must agree before the coach calls it consistent. */
export const CONSISTENT_ATTEMPTS = 3;

/**
 * Advice after an attempt on a note.
 * @param latestCents median offset of this attempt (null when nothing was played).
 * @param history median offsets of earlier attempts on the same written note, oldest first.
 */
export function coachNote(
  context: NoteContext,
  latestCents: number | null,
  history: readonly number[],
  inTuneCents = 10,
): CoachAdvice {
  if (!(inTuneCents > 0 && inTuneCents <= 50)) {
    throw new Error(`inTuneCents must be from 1 to 50, got ${inTuneCents}.`);
  }
  const tendency = tendencyOf(context);
  const what = `${context.name} is the ${ordinal(context.partial)} partial of ${valveLabel(context.valves)}.`;
  const tendencyText = tendency.reason ? `${what} ${tendency.reason}` : what;
  if (latestCents === null || !Number.isFinite(latestCents)) {
    return {
      verdict: 'no-pitch',
      summary: `No pitch heard on ${context.name}.`,
      tendency: tendencyText,
      suggestion: null,
    };
  }
  const rounded = Math.round(latestCents);
  const verdict: Verdict =
    Math.abs(latestCents) <= inTuneCents ? 'in-tune' : latestCents > 0 ? 'sharp' : 'flat';
  const summary =
    verdict === 'in-tune'
      ? `In tune: ${context.name} ${rounded >= 0 ? '+' : ''}${rounded} ¢.`
      : `You played ${context.name} ${Math.abs(rounded)} ¢ ${verdict}.`;

  const recent = [...history.slice(-(CONSISTENT_ATTEMPTS - 1)), latestCents];
  const consistent =
    verdict !== 'in-tune' &&
    recent.length >= CONSISTENT_ATTEMPTS &&
    recent.every((c) => Math.abs(c) > inTuneCents && Math.sign(c) === Math.sign(latestCents));
  return {
    verdict,
    summary,
    tendency: tendencyText,
    suggestion: consistent ? suggestionFor(context, tendency, verdict === 'sharp') : null,
  };
}

/** Advice when the player held another note than the target (e.g. the next partial). */
export function wrongNoteAdvice(context: NoteContext, heardName: string): CoachAdvice {
  const advice = coachNote(context, null, []);
  return {
    ...advice,
    verdict: 'wrong-note',
    summary: `Not ${context.name}: you played ${heardName}.`,
  };
}

function suggestionFor(context: NoteContext, tendency: Tendency, sharp: boolean): string {
  const times = `You were ${sharp ? 'sharp' : 'flat'} on ${context.name} ${CONSISTENT_ATTEMPTS} times in a row`;
  if (sharp && tendency.slide === '3rd') return `${times}: extend the 3rd valve slide on it.`;
  if (sharp && tendency.slide === '1st') {
    const three = context.alternates.find((a) => a.valves === '3');
    return `${times}: kick the 1st valve slide out${three ? ', or finger it 3' : ''}.`;
  }
  // An alternate that leans the other way: a flat 5th-partial note on a fingering that is sharp.
  const better = context.alternates.find((alternate) => {
    const lean = tendencyOf(alternate).direction;
    return sharp
      ? lean === 'flat' || (lean === 'none' && tendency.direction === 'sharp')
      : lean === 'sharp' || (lean === 'none' && tendency.direction === 'flat');
  });
  if (better) {
    return `${times}: try the alternate fingering ${valveLabel(better.valves)} (${ordinal(better.partial)} partial), or ${sharp ? 'relax and open the aperture' : 'lip it up with more air support'}.`;
  }
  return sharp
    ? `${times}: relax and open the aperture; if every note is sharp, pull the main tuning slide out.`
    : `${times}: more air support and lip it up; if every note is flat, push the main tuning slide in.`;
}

/**
 * Whole-session advice: when most notes lean the same way, it is the instrument's tuning, not a
 * partial — suggest the main tuning slide. Null when there is no common lean.
 */
export function coachSession(notesMedianCents: readonly (number | null)[]): string | null {
  const played = notesMedianCents.filter((c): c is number => c !== null && Number.isFinite(c));
  if (played.length < 3) return null;
  const sorted = [...played].sort((a, b) => a - b);
  const middle = sorted[sorted.length >> 1];
  if (middle > 8) {
    return `Most notes were sharp (median ${Math.round(middle)} ¢): pull the main tuning slide out a little.`;
  }
  if (middle < -8) {
    return `Most notes were flat (median ${Math.round(middle)} ¢): push the main tuning slide in a little.`;
  }
  return null;
}
