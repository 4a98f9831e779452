/**
 * The one thing to fix first, as a teacher would say it after hearing an attempt (issue 21;
 * trumpet.md "Saying it right"): wrong and missed notes before anything else (never praise over
 * a wrong note), then cracks, then what runs through the whole attempt (dragging or rushing the
 * beat, everything sharp or flat: the main slide; the 1-3 and 1-2-3 notes sharp: the 3rd slide),
 * then single notes. Null when there is nothing to fix.
 */
import type { NoteAssessment, NoteFlag } from './assessment-types';
import type { TimingReference } from './timing';
import { fingeringFor, type ValveCombo } from '../theory/fingerings';
import { median } from '../theory/cents';
import { fixFor } from '../theory/intonation';
import { mainSlideLine, mainSlideOffset } from './note-advice';
import { parseSpelledNote, spelledNoteName, spelledToMidi } from '../theory/notes';
import type { Score } from '../score/score-model';

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

/** The written note's MIDI and its standard fingering (what a B♭ chart gives; null off the chart). */
function fingered(n: NoteAssessment): { midi: number; combo: ValveCombo | null } | null {
  const written = parseSpelledNote(n.written);
  if (!written) return null;
  const midi = spelledToMidi(written);
  const fingering = fingeringFor(midi);
  return { midi, combo: fingering.hasFingering ? fingering.primary : null };
}

export function fixFirstOf(
  _score: Score,
  notes: readonly NoteAssessment[],
  context: { bandCents: number; timing: TimingReference },
): string | null {
  const wrong = notes.filter((n) => n.verdict === 'wrong');
  const missed = notes.filter((n) => n.verdict === 'missed');
  if (wrong.length > 0) {
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
  // One advice source for every screen (intonation.ts `fixFor`, note-advice.ts): the 1-3 and
  // 1-2-3 notes sharp are a 3rd-slide matter, a whole attempt leaning one way the main slide.
  const sharp = played.filter((n) => flagOf(n, 'sharp'));
  const sharpOnLongCombos = sharp.filter((n) => {
    const combo = fingered(n)?.combo;
    return combo === '13' || combo === '123';
  });
  if (sharpOnLongCombos.length >= 2 && sharpOnLongCombos.length >= 0.8 * sharp.length) {
    const first = fingered(sharpOnLongCombos[0]);
    const fix = first
      ? fixFor(first.midi, first.combo, 'sharp').text
      : 'extend the 3rd valve slide';
    return `The 1-3 and 1-2-3 notes are sharp: ${fix} on them.`;
  }
  const mainSlide = mainSlideOffset(
    played.map((n) => ({ outcome: 'played' as const, medianCents: n.cents })),
  );
  if (mainSlide !== null && Math.abs(mainSlide) > context.bandCents / 2) {
    return mainSlideLine(mainSlide);
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
  const uneven = played.filter((n) => flagOf(n, 'uneven'));
  if (uneven.length > 0) {
    return `Uneven notes in ${bar(uneven[0])}: play runs with an even pulse (slow down, use a click).`;
  }
  const offPitch = played.filter((n) => flagOf(n, 'sharp') || flagOf(n, 'flat'));
  if (offPitch.length > 0) {
    const first = offPitch[0];
    const off = flagOf(first, 'sharp') ?? flagOf(first, 'flat');
    const at = fingered(first);
    const fix =
      at && off ? fixFor(at.midi, at.combo, off.flag).text : 'hear the pitch before you play it';
    return `${sayNote(first.written)} in ${bar(first)} is ${off?.cents ?? 0} ¢ ${off?.flag ?? 'off'}: ${fix}.`;
  }
  return null;
}
