/**
 * What a teacher says about scored notes (`NoteScore`, note-scores.ts): one line of advice per note, and a
 * summary per attempt a player understands at a glance. Pure.
 */
import { median } from '../theory/cents';
import { DEFAULT_BAND_CENTS } from './curves';
import type { ValveCombo } from '../theory/fingerings';
import { fixFor } from '../theory/intonation';
import {
  SUB_SCORE_NAMES,
  type NoteOutcomeKind,
  type NoteScore,
  type SubScoreName,
  type SubScores,
} from './note-scores';

/** The written note and the valves it was asked on (lip slurs keep one combination). */
export interface AdviceFingering {
  writtenMidi: number;
  /** null: not known (a note off the chart): only air and aperture advice then. */
  combo: ValveCombo | null;
  /** The exercise sets the valves (lip slurs): no alternate fingering is offered. */
  fixed?: boolean;
  /**
   * A piccolo plays it with its 4th valve ("4", "2-4") in place of `combo`'s 1-3 / 1-2-3: the
   * 4th valve's slide is what tunes it, never the 3rd (issue 37, U6).
   */
  fourthValve?: string;
}

/**
 * One line a teacher would say about a note, or null when nothing needs saying. The pitch advice
 * comes from `fixFor` (intonation.ts), the same as the tuner's and the coach's, so it knows the
 * fingering: a sharp 1-3 note is the 3rd slide here too, never "open the aperture".
 */
export function noteAdvice(
  result: NoteScore,
  names: { target: string; heard: string | null },
  fingering: AdviceFingering | null = null,
): string | null {
  const { scores } = result;
  switch (result.outcome) {
    case 'missed':
      return `Not heard: play ${names.target} with the click.`;
    case 'cracked':
      return `Cracked to ${names.heard ?? 'another partial'}: hear ${names.target} before you slur, keep the air moving.`;
    case 'wrong':
      return `Heard ${names.heard ?? 'another note'}, not ${names.target}.`;
    case 'played':
      break;
  }
  // The weakest sub-score under 80 gets the advice.
  const weakest = SUB_SCORE_NAMES.filter((n) => scores[n] !== null && scores[n] < 80).sort(
    (a, b) => (scores[a] as number) - (scores[b] as number),
  )[0];
  const round = (v: number | null): number => Math.round(Math.abs(v ?? 0));
  switch (weakest) {
    case 'pitch': {
      const off = (result.medianCents ?? 0) > 0 ? 'sharp' : 'flat';
      return `${round(result.medianCents)} ¢ ${off}: ${fixForFingering(fingering, off)}.`;
    }
    case 'timing':
      return (result.timingMs ?? 0) < 0
        ? `${round(result.timingMs)} ms early: wait for the click.`
        : `${round(result.timingMs)} ms late: breathe in time and start with the click.`;
    case 'steadiness':
      // No spread measured as a wobble: what cost steadiness was a break inside the note.
      return result.spreadCents === null
        ? 'The sound broke inside the note: keep the air moving through it.'
        : `Wavered (±${round(result.spreadCents)} ¢): keep the air steady through the note.`;
    case 'articulation':
      if (result.reattacked) {
        return 'Tongued, not slurred: keep the air moving through the change, no tongue.';
      }
      return `Took ${round(result.attackMs)} ms to settle: hear the note before you play it.`;
    default:
      return null;
  }
}

/**
 * The fix for a note off on the fingering it was played with: THE line every row, the summary and
 * the pieces' note detail say (so a row and the line under it never disagree: issue 37, U1, U6).
 * A piccolo's 4th-valve note is its slide's; everything else is `fixFor` (intonation.ts).
 */
export function fixForFingering(fingering: AdviceFingering | null, off: 'sharp' | 'flat'): string {
  if (fingering?.fourthValve) {
    return off === 'sharp'
      ? `pull the 4th-valve slide out a little (${fingering.fourthValve})`
      : `push the 4th-valve slide in a little (${fingering.fourthValve}), or faster air`;
  }
  return fixFor(
    fingering?.writtenMidi ?? 0,
    fingering?.combo ?? null,
    off,
    false,
    fingering?.fixed ?? false,
  ).text;
}

export interface AttemptSummary {
  overall: number;
  /** Mean of each sub-score over the notes that have it (null when none do). */
  scores: SubScores;
  played: number;
  wrong: number;
  cracked: number;
  missed: number;
  /** Mean timing offset of the played notes, ms (negative = rushing). */
  meanTimingMs: number | null;
  /**
   * Median offset of the played notes when most of them lean the same way beyond
   * `mainSlideThresholdCents` of the band (the horn is tuned off: the main slide), else null.
   */
  mainSlideCents: number | null;
  /** One or two sentences a player understands at a glance. */
  text: string;
}

/**
 * A lean the tuner itself calls in tune (its ±5 ¢) is never worth moving the main slide for,
 * whatever the band.
 */
export const MAIN_SLIDE_MIN_CENTS = 5;

/**
 * How far a whole attempt must lean (its median) before the main slide is mentioned, at a band
 * (issue 37, U8; it was a fixed 8 ¢): more than half the band, where the lean uses up half of
 * every note's room and notes start to fall out of it, so a teacher at that band would say
 * "nudge the main slide". At ±15 ¢ a tune 7 ¢ sharp throughout is not worth a word, as no note
 * of it is; at ±5 ¢ a 6 ¢ lean, which flags every note, is the slide's, not one note's.
 */
export function mainSlideThresholdCents(bandCents: number): number {
  return Math.max(MAIN_SLIDE_MIN_CENTS, bandCents / 2);
}
/** …when at least this share of the played notes leans that way. */
const MAIN_SLIDE_SHARE = 0.75;

/**
 * trumpet.md "Saying it right": consistent sharpness across a scale means the main slide. The
 * median of the played notes' offsets, when it is beyond `mainSlideThresholdCents(bandCents)`
 * and at least three in four played notes lean that way (at least three notes); else null.
 */
export function mainSlideOffset(
  notes: readonly Pick<NoteScore, 'outcome' | 'medianCents'>[],
  bandCents: number = DEFAULT_BAND_CENTS,
): number | null {
  const cents = notes
    .filter((n) => n.outcome === 'played' && n.medianCents !== null)
    .map((n) => n.medianCents as number);
  if (cents.length < 3) return null;
  const middle = median(cents) ?? 0;
  if (Math.abs(middle) <= mainSlideThresholdCents(bandCents)) return null;
  const sameWay = cents.filter((c) => Math.sign(c) === Math.sign(middle)).length;
  return sameWay >= MAIN_SLIDE_SHARE * cents.length ? middle : null;
}

/** What to say when the whole attempt leans one way (`mainSlideOffset`): the main slide. */
export function mainSlideLine(mainSlideCents: number): string {
  return mainSlideCents > 0
    ? `Everything is high (median +${Math.round(mainSlideCents)} ¢): pull the main tuning slide out a little.`
    : `Everything is low (median −${Math.round(-mainSlideCents)} ¢): push the main tuning slide in a little.`;
}

const LABELS: Record<SubScoreName, string> = {
  pitch: 'pitch',
  timing: 'timing',
  steadiness: 'steadiness',
  articulation: 'attacks',
};

/** The per-attempt summary: mean sub-scores and what to work on first. */
export function summarizeAttempt(
  notes: readonly NoteScore[],
  /** The assessor's one thing to fix first: said instead of the summary's own advice. */
  fixFirst?: string | null,
  /** The in-tune band the notes were judged with, ±cents (decides when the main slide is said). */
  bandCents: number = DEFAULT_BAND_CENTS,
): AttemptSummary {
  const mean = (values: readonly number[]): number | null =>
    values.length ? Math.round(values.reduce((s, v) => s + v, 0) / values.length) : null;
  const scores = {} as SubScores;
  for (const name of SUB_SCORE_NAMES) {
    scores[name] = mean(
      // A wrong or cracked note counts 0 for pitch (the assessor sets it): the mean says so.
      notes.filter((n) => n.scores[name] !== null).map((n) => n.scores[name] as number),
    );
  }
  const count = (kind: NoteOutcomeKind): number => notes.filter((n) => n.outcome === kind).length;
  const timings = notes.filter((n) => n.timingMs !== null).map((n) => n.timingMs as number);
  const meanTimingMs = timings.length ? mean(timings) : null;
  const overall = mean(notes.map((n) => n.overall)) ?? 0;
  const played = count('played');
  const mainSlide = mainSlideOffset(notes, bandCents);
  const parts: string[] = [];
  const wrongOrCracked = count('wrong') + count('cracked');
  if (played === 0 && wrongOrCracked === 0) {
    parts.push('No note was heard on its beat.');
  } else if (wrongOrCracked > notes.length / 3) {
    parts.push(
      `Many notes were not the written ones: check the key, the fingerings and the range first.`,
    );
  } else {
    parts.push(
      (Object.keys(LABELS) as SubScoreName[])
        .filter((n) => scores[n] !== null)
        .map((n) => `${LABELS[n][0].toUpperCase()}${LABELS[n].slice(1)} ${scores[n]}`)
        .join(' · ') + '.',
    );
    const weakest = (Object.keys(LABELS) as SubScoreName[])
      .filter((n) => scores[n] !== null && scores[n] < 85)
      .sort((a, b) => (scores[a] as number) - (scores[b] as number))[0];
    if (fixFirst) {
      parts.push(fixFirst);
    } else if (mainSlide !== null) {
      // Whatever else, a horn tuned off colours every note: the main slide first.
      parts.push(mainSlideLine(mainSlide));
    } else if (weakest === 'timing' && meanTimingMs !== null && Math.abs(meanTimingMs) > 30) {
      parts.push(
        `Work on timing: on average ${Math.abs(meanTimingMs)} ms ${meanTimingMs < 0 ? 'early (rushing)' : 'late (dragging)'}.`,
      );
    } else if (weakest) {
      parts.push(`Work on ${LABELS[weakest]} first.`);
    } else if (wrongOrCracked === 0 && count('missed') === 0) {
      // Never praise over a wrong, cracked or unheard note (trumpet.md "Saying it right").
      parts.push('Well played.');
    }
  }
  const wrong = count('wrong');
  const cracked = count('cracked');
  const missed = count('missed');
  const slips = [
    wrong && `${wrong} wrong`,
    cracked && `${cracked} cracked`,
    missed && `${missed} not heard`,
  ].filter(Boolean);
  if (slips.length) parts.push(`Notes: ${slips.join(', ')}.`);
  return {
    overall,
    scores,
    played,
    wrong,
    cracked,
    missed,
    meanTimingMs,
    mainSlideCents: mainSlide,
    text: parts.join(' '),
  };
}
