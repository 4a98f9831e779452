/* eslint-disable max-lines -- Over 300 lines: one ordered list of what to fix first, each rule beside its words (one voice). */
/**
 * The one thing to fix first, as a teacher would say it after hearing an attempt (issues 21, 37;
 * trumpet.md "Saying it right"). One voice: it is derived from the same per-note verdicts and the
 * same fingering as the rows (`playedFingering`, `fixForFingering`), so the line never contradicts
 * the rows above it. In order:
 * 1. wrong notes — named as the pattern when there is one (a forgotten key-signature accidental,
 *    reading an octave off), never praise over a wrong note;
 * 2. notes not heard; 3. cracks;
 * 4. what runs through the whole attempt: dragging or rushing the click, long-short runs, the
 *    pitch grouped by cause (the 3rd or 4th valve slide, the 1st slide, the flat 5th partial, or
 *    the main slide when everything leans, including the open notes), scoops;
 * 5. then single notes. Null when there is nothing to fix.
 */
import type { NoteAssessment, NoteFlag } from './assessment-types';
import type { TimingReference } from './timing';
import { fingeringFor, valveComboLabel } from '../theory/fingerings';
import { median } from '../theory/cents';
import { noteLean, swapsFor } from '../theory/intonation';
import {
  fixForFingering,
  mainSlideLine,
  mainSlideOffset,
  type AdviceFingering,
} from './note-advice';
import { playedFingering } from './played-fingering';
import { dottedRhythmLine } from './dotted-rhythm';
import { tempoIsOff, tempoLine, type PlayedTempo } from './played-tempo';
import {
  parseSpelledNote,
  spelledNoteName,
  spelledToMidi,
  type Letter,
  type SpelledNote,
} from '../theory/notes';
import type { KeySignature, Score } from '../score/score-model';

/**
 * A note name as a player reads it ("B♭4", "F♯4"): the JSON keeps ASCII ("Bb4"), the words for
 * the player use the signs (trumpet.md, "Saying it right").
 */
export function sayNote(ascii: string): string {
  const note = parseSpelledNote(ascii);
  return note ? spelledNoteName(note) : ascii;
}

const flagOf = <K extends NoteFlag['flag']>(
  note: NoteAssessment,
  kind: K,
): Extract<NoteFlag, { flag: K }> | undefined =>
  note.flags.find((f): f is Extract<NoteFlag, { flag: K }> => f.flag === kind);

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const bar = (note: NoteAssessment): string => `bar ${note.measure}`;

/** Up to four distinct names, in order: "D5, E5". */
function namesOf(notes: readonly NoteAssessment[]): string {
  const names = [...new Set(notes.map((n) => sayNote(n.written)))];
  return names.length > 4 ? `${names.slice(0, 4).join(', ')}, …` : names.join(', ');
}

export interface SummaryContext {
  readonly bandCents: number;
  readonly timing: TimingReference;
  /** The instrument's id (a piccolo's 4th valve changes the advice); null when unknown. */
  readonly instrumentId?: string | null;
  /** The tempo the player kept (played-tempo.ts), when it could be told. */
  readonly playedTempo?: PlayedTempo | null;
}

/**
 * The fingering a judged note was played with: the score's asked valves (a lip slur), else the
 * instrument's (a piccolo's 4th valve), else the chart's — the rows' own (`playedFingering`).
 */
export function fingeringOfNote(
  score: Score,
  note: NoteAssessment,
  instrumentId: string | null = null,
): AdviceFingering | null {
  const written = parseSpelledNote(note.written);
  if (!written) return null;
  const scoreNote = score.notes[note.index];
  if (scoreNote?.valves === null) return { writtenMidi: spelledToMidi(written), combo: null };
  return playedFingering(spelledToMidi(written), instrumentId, { combo: scoreNote?.valves });
}

/**
 * The fix for one played note that is sharp or flat, in the summary's words ("extend the 3rd
 * valve slide"), for a note's detail (the pieces' note sheet: U13); null when it is in tune.
 */
export function pitchFixOf(
  score: Score,
  note: NoteAssessment,
  instrumentId: string | null = null,
): string | null {
  const off = flagOf(note, 'sharp') ?? flagOf(note, 'flat');
  if (!off || note.verdict !== 'played') return null;
  return fixForFingering(fingeringOfNote(score, note, instrumentId), off.flag);
}

// --- wrong notes: the pattern behind them (U4) -------------------------------------------------

const SHARP_ORDER: readonly Letter[] = ['F', 'C', 'G', 'D', 'A', 'E', 'B'];
const FLAT_ORDER: readonly Letter[] = ['B', 'E', 'A', 'D', 'G', 'C', 'F'];

/** What the key signature does to a letter: +1, −1 or 0. */
export function keyAlterOf(key: KeySignature, letter: Letter): number {
  if (key.fifths > 0) return SHARP_ORDER.slice(0, key.fifths).includes(letter) ? 1 : 0;
  if (key.fifths < 0) return FLAT_ORDER.slice(0, -key.fifths).includes(letter) ? -1 : 0;
  return 0;
}

function keyAt(score: Score, quarters: number): KeySignature {
  let key: KeySignature = { fifths: 0, mode: 'major' };
  for (const k of score.keys) if (k.atQuarters <= quarters + 1e-9) key = k.value;
  return key;
}

const TREBLE_LINES: Record<string, string> = {
  E4: 'the bottom line',
  G4: 'the second line',
  B4: 'the middle line',
  D5: 'the fourth line',
  F5: 'the top line',
  F4: 'the first space',
  A4: 'the second space',
  C5: 'the third space',
  E5: 'the top space',
  D4: 'just below the staff',
  G5: 'just above the staff',
  C4: 'the first ledger line below',
  A5: 'the first ledger line above',
};

/** Where a written note sits on the treble staff, by its letter and octave ("the middle line"). */
function staffPlace(note: SpelledNote): string | null {
  return TREBLE_LINES[`${note.letter}${note.octave}`] ?? null;
}

interface Heard {
  readonly note: NoteAssessment;
  readonly written: SpelledNote;
  readonly heard: SpelledNote;
}

function heardOf(notes: readonly NoteAssessment[]): Heard[] {
  return notes.flatMap((note) => {
    const written = parseSpelledNote(note.written);
    const heard = note.heard === null ? null : parseSpelledNote(note.heard);
    return written && heard ? [{ note, written, heard }] : [];
  });
}

/** A pattern covers a wrong-note line when at least 2 notes and 60 % of the wrong ones show it. */
const PATTERN_SHARE = 0.6;

function octaveLine(wrong: readonly NoteAssessment[]): string | null {
  const heard = heardOf(wrong);
  for (const shift of [-12, 12]) {
    const shifted = heard.filter(
      (h) => spelledToMidi(h.heard) - spelledToMidi(h.written) === shift,
    );
    if (shifted.length < 2 || shifted.length < PATTERN_SHARE * wrong.length) continue;
    const first = shifted[0];
    const where = staffPlace(first.written);
    const low = shift < 0;
    return `You're reading an octave ${low ? 'low' : 'high'}: ${plural(shifted.length, 'note')} an octave ${low ? 'below' : 'above'} the written one (first in ${bar(first.note)}, ${sayNote(first.note.heard ?? '')} for ${sayNote(first.note.written)}).${where ? ` ${spelledNoteName(first.written)} is ${where} of the staff.` : ''}`;
  }
  return null;
}

function fingerWord(note: SpelledNote): string | null {
  const chart = fingeringFor(spelledToMidi(note));
  return chart.hasFingering ? valveComboLabel(chart.primary) : null;
}

function keySignatureLine(score: Score, wrong: readonly NoteAssessment[]): string | null {
  const forgotten = heardOf(wrong).filter(({ note, written, heard }) => {
    const scoreNote = score.notes[note.index];
    if (!scoreNote || written.accidental === 0) return false;
    const alter = keyAlterOf(keyAt(score, scoreNote.startQuarters), written.letter);
    // The key gives the letter its accidental, and what was heard is the letter without it.
    return alter === written.accidental && spelledToMidi(heard) === spelledToMidi(written) - alter;
  });
  if (forgotten.length < 2 || forgotten.length < PATTERN_SHARE * wrong.length) return null;
  const first = forgotten[0];
  const accidental = spelledNoteName({ ...first.written, octave: 0 }).replace(/0$/, '');
  const asked = fingerWord(first.written);
  const played = fingerWord(first.heard);
  const fingers =
    asked && played && asked !== played
      ? ` ${spelledNoteName(first.written)} is ${asked}, not ${played}.`
      : '';
  return `You forgot the ${accidental} in the key signature: ${plural(forgotten.length, 'note')} played as ${spelledNoteName(first.heard).replace(/\d+$/, '')} (first in ${bar(first.note)}).${fingers}`;
}

// --- pitch by cause (U1, U6, U13) -----------------------------------------------------------

type Cause = 'third-slide' | 'fourth-slide' | 'first-slide' | 'fifth-partial' | 'other';

/** Below written F♯3 every note is a pedal or false tone: set by the lips and air, no slides. */
const LOWEST_SLIDE_NOTE_MIDI = 54;

function causeOf(f: AdviceFingering | null, off: 'sharp' | 'flat'): Cause {
  if (!f || f.combo === null || f.writtenMidi < LOWEST_SLIDE_NOTE_MIDI) return 'other';
  if (f.fourthValve) return 'fourth-slide';
  if (f.combo === '13' || f.combo === '123') return 'third-slide';
  const lean = noteLean(f.writtenMidi, f.combo);
  if (off === 'flat' && lean.cause === 'fifth-partial') return 'fifth-partial';
  if (off === 'sharp' && f.combo === '12' && lean.cause !== 'fifth-partial') return 'first-slide';
  return 'other';
}

interface OffNote {
  readonly note: NoteAssessment;
  readonly off: 'sharp' | 'flat';
  readonly fingering: AdviceFingering | null;
  readonly cause: Cause;
}

function groupLine(group: readonly OffNote[]): string {
  const first = group[0];
  const notes = group.map((g) => g.note);
  const fix = fixForFingering(first.fingering, first.off);
  switch (first.cause) {
    case 'third-slide':
    case 'first-slide': {
      const combos = [...new Set(group.map((g) => g.fingering?.combo ?? '0'))]
        .sort((a, b) => a.length - b.length)
        .map((c) => valveComboLabel(c));
      return `The ${combos.join(' and ')} notes (${namesOf(notes)}) are ${first.off}: ${fix} on them.`;
    }
    case 'fourth-slide':
      return `The 4th-valve notes (${namesOf(notes)}) are ${first.off}: ${fix}.`;
    case 'fifth-partial': {
      // The standard alternates, per note, unless the exercise sets the valves (a lip slur).
      const alternates = [
        ...new Map(
          group
            .filter((g) => g.fingering && !g.fingering.fixed && g.fingering.combo !== null)
            .map((g) => {
              const f = g.fingering as AdviceFingering;
              const swaps = swapsFor(
                f.writtenMidi,
                f.combo as NonNullable<AdviceFingering['combo']>,
                'flat',
              );
              const to = swaps.map(
                (s) => valveComboLabel(s.to) + (s.condition ? ` ${s.condition}` : ''),
              );
              return [
                g.note.written,
                to.length ? `${to.join(' or ')} for ${sayNote(g.note.written)}` : '',
              ] as const;
            }),
        ).values(),
      ].filter(Boolean);
      return `Your 5th-partial notes (${namesOf(notes)}) sit low: more air${alternates.length ? `; on long notes, ${alternates.join(' and ')}` : ''}.`;
    }
    case 'other':
      return fix;
  }
}

/** Groups cover the line when at least 2 notes and half the notes off show one cause. */
const GROUP_SHARE = 0.5;

function pitchLine(
  score: Score,
  played: readonly NoteAssessment[],
  context: SummaryContext,
): string | null {
  const offNotes: OffNote[] = played.flatMap((note) => {
    const flag = flagOf(note, 'sharp') ?? flagOf(note, 'flat');
    if (!flag) return [];
    const fingering = fingeringOfNote(score, note, context.instrumentId ?? null);
    return [{ note, off: flag.flag, fingering, cause: causeOf(fingering, flag.flag) }];
  });
  const asCents = (notes: readonly NoteAssessment[]) =>
    notes.map((n) => ({ outcome: 'played' as const, medianCents: n.cents }));
  const groups = new Map<string, OffNote[]>();
  for (const o of offNotes) {
    if (o.cause === 'other') continue;
    const key = `${o.cause} ${o.off}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  const biggest = [...groups.values()].sort((a, b) => b.length - a.length)[0];
  if (biggest && biggest.length >= 2 && biggest.length >= GROUP_SHARE * offNotes.length) {
    // When the other notes (the open ones among them) lean the same way, the horn is tuned off:
    // the main slide, not the valve slide (Ode to Joy all +25 ¢ is the main slide).
    const members = new Set(biggest.map((o) => o.note));
    const rest = played.filter((n) => !members.has(n));
    const restLean = mainSlideOffset(asCents(rest), context.bandCents);
    if (restLean !== null && Math.sign(restLean) === (biggest[0].off === 'sharp' ? 1 : -1)) {
      return mainSlideLine(mainSlideOffset(asCents(played), context.bandCents) ?? restLean);
    }
    return groupLine(biggest);
  }
  const mainSlide = mainSlideOffset(asCents(played), context.bandCents);
  if (mainSlide !== null) return mainSlideLine(mainSlide);
  return null;
}

// --- the line ------------------------------------------------------------------------------

/** Scoops are the attempt's matter when at least this many notes, and this share of them, scoop. */
const SCOOP_NOTES = 3;
const SCOOP_SHARE = 0.3;

export function fixFirstOf(
  score: Score,
  notes: readonly NoteAssessment[],
  context: SummaryContext,
): string | null {
  const wrong = notes.filter((n) => n.verdict === 'wrong');
  const missed = notes.filter((n) => n.verdict === 'missed');
  if (wrong.length > 0) {
    const pattern = keySignatureLine(score, wrong) ?? octaveLine(wrong);
    if (pattern) return pattern;
    const first = wrong[0];
    return `${plural(wrong.length, 'wrong note')}: first in ${bar(first)}, heard ${first.heard === null ? '?' : sayNote(first.heard)} instead of ${sayNote(first.written)}. Hear each note before you play it.`;
  }
  if (missed.length === notes.length && notes.length > 0) {
    return 'No note of the music was heard: check the microphone, then play from the start.';
  }
  if (missed.length > 0) {
    const first = missed[0];
    return `${plural(missed.length, 'note')} not heard: first in ${bar(first)} (${sayNote(first.written)}).`;
  }
  const cracked = notes.filter((n) => flagOf(n, 'cracked'));
  if (cracked.length > 0) {
    const first = cracked[0];
    const crack = flagOf(first, 'cracked');
    return `${plural(cracked.length, 'note')} cracked: first in ${bar(first)}, ${crack?.atMs ?? 0} ms into ${sayNote(first.written)}. Keep the air moving through the note and hear it before you play.`;
  }
  const played = notes.filter((n) => n.verdict === 'played');
  // The rhythm before any single note's timing: a dotted rhythm played even (U10).
  const dotted = dottedRhythmLine(score, notes);
  if (dotted) return dotted;
  // The tempo the player kept: a drift always; away from a tempo or a click asked for (U7).
  const tempo = context.playedTempo;
  if (tempo && (tempo.drifting || (context.timing.kind !== 'free' && tempoIsOff(tempo)))) {
    const line = tempoLine(tempo);
    if (line) return line;
  }
  // Timing against a click or tempo: the whole attempt behind or ahead of the beat.
  if (context.timing.kind !== 'free' && played.length >= 4) {
    const offsets = played.map((n) => {
      const late = flagOf(n, 'late');
      const early = flagOf(n, 'early');
      return late ? late.ms : early ? -early.ms : 0;
    });
    const typical = median(offsets) ?? 0;
    if (typical >= 50)
      return `You drag behind the beat (about ${typical} ms late): feel the click and breathe in time.`;
    if (typical <= -50)
      return `You rush ahead of the beat (about ${-typical} ms early): wait for the click.`;
  }
  // A run where every other note lags is the pattern, before any single note (U11).
  const uneven = played.filter((n) => flagOf(n, 'uneven'));
  if (uneven.length >= 2) {
    const lag = Math.round(median(uneven.map((n) => flagOf(n, 'uneven')?.ms ?? 0)) ?? 0);
    return `Your runs are uneven (long-short, about ${lag} ms, from ${bar(uneven[0])}): subdivide, slow down, and play them even with a click.`;
  }
  const pitch = pitchLine(score, played, context);
  if (pitch) return pitch;
  const scooped = played.filter((n) => flagOf(n, 'scooped'));
  if (scooped.length >= SCOOP_NOTES && scooped.length >= SCOOP_SHARE * played.length) {
    const fromBelow = scooped.filter((n) => (flagOf(n, 'scooped')?.cents ?? 0) < 0).length;
    return `You scoop into the notes (${scooped.length} of ${played.length}, from ${fromBelow >= scooped.length / 2 ? 'below' : 'above'}): hear each note first and start it on the pitch.`;
  }
  const unsteady = played.filter((n) => flagOf(n, 'unsteady'));
  if (unsteady.length > 0) {
    const first = unsteady[0];
    return `${plural(unsteady.length, 'note')} wavered (first in ${bar(first)}): keep the air steady and the pitch centred through each note.`;
  }
  const late = played.filter((n) => flagOf(n, 'late') || flagOf(n, 'early'));
  if (late.length > 0) {
    const first = late[0];
    const flag = flagOf(first, 'late') ?? flagOf(first, 'early');
    return `${sayNote(first.written)} in ${bar(first)} came in ${flag?.ms ?? 0} ms ${flag?.flag ?? 'late'}: place each note on the beat.`;
  }
  if (uneven.length > 0) {
    return `Uneven notes in ${bar(uneven[0])}: play runs with an even pulse (slow down, use a click).`;
  }
  const offPitch = played.filter((n) => flagOf(n, 'sharp') || flagOf(n, 'flat'));
  if (offPitch.length > 0) {
    const first = offPitch[0];
    const off = flagOf(first, 'sharp') ?? flagOf(first, 'flat');
    const fix =
      pitchFixOf(score, first, context.instrumentId ?? null) ?? 'hear the pitch before you play it';
    return `${sayNote(first.written)} in ${bar(first)} is ${off?.cents ?? 0} ¢ ${off?.flag ?? 'off'}: ${fix}.`;
  }
  // Nothing else to fix: a tempo away from the marking in "Follow me" may be the player's choice,
  // said last ("You played at ♩≈96; the marking is 120.").
  return tempoLine(tempo);
}
