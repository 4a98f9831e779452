/**
 * The intonation coach: after an attempt on a written note it says how far off the player was,
 * names the note's tendency only when it explains what happened (a flat E5: "E5 (5th partial)
 * tends flat"), and, when the player is consistently off on that note and fingering, gives the
 * teacher's fix (intonation.ts: standard swaps only, with how far each leans; never a trill or
 * 7th-partial fingering). Pure text generation; the caller supplies the note's fingering context
 * and the player's earlier offsets on the same instrument, note and fingering.
 *
 * Rules: /shared/notes/trumpet.md ("Natural intonation tendencies", "Standard alternates").
 */
import { formatCents, median } from '../theory/cents';
import { mainSlideThresholdCents } from './note-advice';
import { DEFAULT_BAND_CENTS } from './curves';
import type { NoteFlag } from './assessment-types';
import { isValveCombo, valveComboLabel, type ValveCombo } from '../theory/fingerings';
import {
  fixFor,
  noteLean,
  ordinal,
  swapText,
  type IntonationSwap,
  type NoteLean,
} from '../theory/intonation';

/** One way of playing a written note: the valves pressed ('0' = open, '12', '123' …) and the partial. */
export interface FingeringPartial {
  valves: string;
  /** Harmonic number of the note in that valve combination's series (2 = the low C of open). */
  partial: number;
}

export interface NoteContext extends FingeringPartial {
  /** Written MIDI number of the note. */
  writtenMidi: number;
  /** Written name for messages, e.g. "E5" (spelled as the exercise shows it). */
  name: string;
  /** Other fingerings for the same written note (from the fingering chart). */
  alternates: readonly FingeringPartial[];
}

/** 'wrong-note': the player held another note (the caller names it; see `wrongNoteAdvice`). */
export type Verdict = 'sharp' | 'flat' | 'in-tune' | 'no-pitch' | 'wrong-note';

export interface CoachAdvice {
  verdict: Verdict;
  /** "You played E5 35 ¢ sharp." */
  summary: string;
  /**
   * The note's tendency, only when it explains this attempt ("E5 (5th partial) tends flat; every
   * horn differs."); null when the player was in tune, off the other way, or on another note.
   */
  tendency: string | null;
  /** A concrete suggestion when the player is consistently off on this note; else null. */
  suggestion: string | null;
}

/** How many recent attempts on a note must agree before the coach calls it consistent. */
export const CONSISTENT_ATTEMPTS = 3;

/** The player's own median offset on a note and fingering (from the intonation map). */
export interface PlayerOffset {
  medianCents: number;
  attempts: number;
}

/** Looks up the player's own offset on a written note and fingering (null when not known). */
export type HornLookup = (writtenMidi: number, combo: ValveCombo) => PlayerOffset | null;

function comboOf(valves: string): ValveCombo | null {
  return isValveCombo(valves) ? valves : null;
}

function leanOf(context: NoteContext): NoteLean | null {
  const combo = comboOf(context.valves);
  return combo === null ? null : noteLean(context.writtenMidi, combo);
}

/** "E5 (5th partial) tends flat; every horn differs.", "D4 on 1-3 tends sharp; …". */
function tendencySentence(context: NoteContext, lean: NoteLean): string {
  const valveCause = lean.cause === 'valves-1-3' || lean.cause === 'valves-1-2';
  const what = valveCause
    ? `${context.name} on ${lean.text ?? ''}`
    : `${context.name} (${ordinal(context.partial)} partial) ${lean.text ?? ''}`;
  return `${what}; every horn differs.`;
}

/**
 * Advice after an attempt on a note.
 * @param latestCents median offset of this attempt (null when nothing was played).
 * @param history median offsets of earlier attempts on the same instrument, written note and
 *   fingering, oldest first.
 * @param horn the player's own map, to say how an alternate sits on their horn.
 */
export function coachNote(
  context: NoteContext,
  latestCents: number | null,
  history: readonly number[],
  inTuneCents = 10,
  horn?: HornLookup,
  /** The assessor's flags on the hold: a crack or a wobble is never summed up "In tune" (U12). */
  flags: readonly NoteFlag[] = [],
): CoachAdvice {
  if (!(inTuneCents > 0 && inTuneCents <= 50)) {
    throw new Error(`inTuneCents must be from 1 to 50, got ${inTuneCents}.`);
  }
  if (latestCents === null || !Number.isFinite(latestCents)) {
    return {
      verdict: 'no-pitch',
      summary: `No pitch heard on ${context.name}.`,
      tendency: null,
      suggestion: null,
    };
  }
  const rounded = Math.round(latestCents);
  const verdict: Verdict =
    Math.abs(latestCents) <= inTuneCents ? 'in-tune' : latestCents > 0 ? 'sharp' : 'flat';
  const crack = flags.find((f) => f.flag === 'cracked');
  const wobble = flags.find((f) => f.flag === 'unsteady');
  const summary =
    verdict !== 'in-tune'
      ? `You played ${context.name} ${Math.abs(rounded)} ¢ ${verdict}.`
      : crack?.flag === 'cracked'
        ? `Centred on ${context.name} (${formatCents(latestCents)}), but it cracked at ${(crack.atMs / 1000).toFixed(1)} s: keep the air moving through the note.`
        : wobble?.flag === 'unsteady'
          ? `Centred on ${context.name} (${formatCents(latestCents)}), but it wavered (spread ${wobble.cents} ¢): keep the air steady through the note.`
          : `In tune: ${context.name} ${formatCents(latestCents)}.`;
  const lean = leanOf(context);
  // Relevant: the note tends the way the player was off (so the tendency explains it).
  const tendency =
    lean !== null && (verdict === 'sharp' || verdict === 'flat') && lean.lean === verdict
      ? tendencySentence(context, lean)
      : null;

  const recent = [...history.slice(-(CONSISTENT_ATTEMPTS - 1)), latestCents];
  const consistent =
    (verdict === 'sharp' || verdict === 'flat') &&
    recent.length >= CONSISTENT_ATTEMPTS &&
    recent.every((c) => Math.abs(c) > inTuneCents && Math.sign(c) === Math.sign(latestCents));
  return {
    verdict,
    summary,
    tendency,
    suggestion:
      consistent && (verdict === 'sharp' || verdict === 'flat')
        ? suggestionFor(context, verdict, inTuneCents, horn)
        : null,
  };
}

/** Advice when the player held another note than the target (e.g. the next partial). */
export function wrongNoteAdvice(context: NoteContext, heardName: string): CoachAdvice {
  return {
    verdict: 'wrong-note',
    summary: `Not ${context.name}: you played ${heardName}.`,
    tendency: null,
    suggestion: null,
  };
}

function suggestionFor(
  context: NoteContext,
  off: 'sharp' | 'flat',
  inTuneCents: number,
  horn: HornLookup | undefined,
): string {
  const times = `You were ${off} on ${context.name} ${CONSISTENT_ATTEMPTS} times in a row`;
  const combo = comboOf(context.valves);
  // One source of advice for every screen (intonation.ts `fixFor`), fingering-aware.
  const fix = fixFor(context.writtenMidi, combo, off, true);
  if (combo === null) return `${times}: ${fix.text}.`;
  // The player's own map overrules the rule of thumb: drop a swap their horn plays off the
  // same way, and say how the ones they have played sit.
  const usable = fix.swaps.filter((s) => !sameWayOff(s, off, inTuneCents, horn));
  if (usable.length === fix.swaps.length) {
    return `${times}: ${fix.text}.${yours(fix.swaps, horn)}`;
  }
  // Some swap sits the same way off on this horn: say so, and offer only the others.
  // The fix without its swaps: air for a flat note, the 1st slide for a sharp 1-2 one.
  const base =
    off === 'flat'
      ? fixFor(context.writtenMidi, null, 'flat').text
      : fix.text.replace(/, or finger it .*$/, '');
  const others = usable.map((s) => swapText(s)).join(' or ');
  return `${times}: ${base}${others ? `, or try ${others}` : ''}.${yours(fix.swaps, horn)}`;
}

function sameWayOff(
  s: IntonationSwap,
  off: 'sharp' | 'flat',
  inTuneCents: number,
  horn: HornLookup | undefined,
): boolean {
  const mine = horn?.(s.writtenMidi, s.to);
  if (!mine) return false;
  return off === 'flat' ? mine.medianCents < -inTuneCents : mine.medianCents > inTuneCents;
}

function yours(swaps: readonly IntonationSwap[], horn: HornLookup | undefined): string {
  const parts: string[] = [];
  for (const s of swaps) {
    const mine = horn?.(s.writtenMidi, s.to);
    if (!mine) continue;
    parts.push(`${valveComboLabel(s.to)} ${formatCents(mine.medianCents)} over ${mine.attempts}`);
  }
  return parts.length ? ` On your horn: ${parts.join(', ')}.` : '';
}

/** One note of a session, for the whole-session advice. */
export interface SessionNote {
  valves: string;
  partial: number | null;
  medianCents: number | null;
}

/** Open notes on partials with no tendency (C4, G4, C5, C6): the horn's own tuning shows there. */
const TUNING_SLIDE_PARTIALS = new Set([2, 3, 4, 8]);

/**
 * Whole-session advice about the main tuning slide, judged on the open notes only (C4, G4, C5,
 * C6: no valve slides and no partial tendency in them), with a proper median. Null when fewer than
 * two open notes were played or they do not lean the same way.
 */
export function coachSession(
  notes: readonly SessionNote[],
  /** The long tones' in-tune band, ±cents: the lean worth a slide move grows with it. */
  bandCents: number = DEFAULT_BAND_CENTS,
): string | null {
  const open = notes
    .filter(
      (n) =>
        n.valves === '0' &&
        n.partial !== null &&
        TUNING_SLIDE_PARTIALS.has(n.partial) &&
        n.medianCents !== null &&
        Number.isFinite(n.medianCents),
    )
    .map((n) => n.medianCents as number);
  if (open.length < 2) return null;
  const middle = median(open) ?? 0;
  const threshold = mainSlideThresholdCents(bandCents);
  if (middle > threshold) {
    return `Your open notes were sharp (median +${Math.round(middle)} ¢): pull the main tuning slide out a little.`;
  }
  if (middle < -threshold) {
    return `Your open notes were flat (median −${Math.round(-middle)} ¢): push the main tuning slide in a little.`;
  }
  return null;
}
