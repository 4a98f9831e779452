/**
 * The one thing to fix first, as a teacher would say it after hearing an attempt (issue 21;
 * trumpet.md "Saying it right"): wrong and missed notes before anything else (never praise over
 * a wrong note), then cracks, then what runs through the whole attempt (dragging or rushing the
 * beat, everything sharp or flat: the main slide; the 1-3 and 1-2-3 notes sharp: the 3rd slide),
 * then single notes. Null when there is nothing to fix.
 */
import type { NoteAssessment, NoteFlag } from './assessment-types';
import type { TimingReference } from './timing';
import { fingeringFor } from '../fingerings';
import { parseSpelledNote, spelledToMidi } from '../notes';
import type { Score } from '../score/score-model';

const flagOf = <K extends NoteFlag['flag']>(
  note: NoteAssessment,
  kind: K,
): Extract<NoteFlag, { flag: K }> | undefined =>
  note.flags.find((f): f is Extract<NoteFlag, { flag: K }> => f.flag === kind);

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const bar = (note: NoteAssessment): string => `bar ${note.measure}`;

/** Median of a non-empty list. */
const medianOf = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
};

export function fixFirstOf(
  score: Score,
  notes: readonly NoteAssessment[],
  context: { bandCents: number; timing: TimingReference },
): string | null {
  const wrong = notes.filter((n) => n.verdict === 'wrong');
  const missed = notes.filter((n) => n.verdict === 'missed');
  if (wrong.length > 0) {
    const first = wrong[0] as NoteAssessment;
    return `${plural(wrong.length, 'wrong note')}: first in ${bar(first)}, heard ${first.heard ?? '?'} instead of ${first.written}. Hear each note before you play it.`;
  }
  if (missed.length === notes.length && notes.length > 0) {
    return 'No note of the music was heard: check the microphone, then play from the start.';
  }
  if (missed.length > 0) {
    const first = missed[0] as NoteAssessment;
    return `${plural(missed.length, 'note')} not heard: first in ${bar(first)} (${first.written}).`;
  }
  const cracked = notes.filter((n) => flagOf(n, 'cracked'));
  if (cracked.length > 0) {
    const first = cracked[0] as NoteAssessment;
    const crack = flagOf(first, 'cracked');
    return `${plural(cracked.length, 'note')} cracked: first in ${bar(first)}, ${crack?.atMs ?? 0} ms into ${first.written}. Keep the air moving through the note and hear it before you play.`;
  }
  const played = notes.filter((n) => n.verdict === 'played');
  // Timing against a click or tempo: the whole attempt behind or ahead of the beat.
  if (context.timing.kind !== 'free' && played.length >= 4) {
    const offsets = played.map((n) => {
      const late = flagOf(n, 'late');
      const early = flagOf(n, 'early');
      return late ? late.ms : early ? -early.ms : 0;
    });
    const typical = medianOf(offsets);
    if (typical >= 50)
      return `You drag behind the beat (about ${typical} ms late): feel the click and breathe in time.`;
    if (typical <= -50)
      return `You rush ahead of the beat (about ${-typical} ms early): wait for the click.`;
  }
  // The 1-3 and 1-2-3 notes sharp: a 3rd-slide matter (trumpet.md), never "open the aperture".
  const sharpOnLongCombos = played.filter((n) => {
    if (!flagOf(n, 'sharp')) return false;
    const written = parseSpelledNote(n.written);
    if (!written) return false;
    const fingering = fingeringFor(spelledToMidi(written));
    return fingering.hasFingering && (fingering.primary === '13' || fingering.primary === '123');
  });
  const sharpCount = played.filter((n) => flagOf(n, 'sharp')).length;
  if (sharpOnLongCombos.length >= 2 && sharpOnLongCombos.length >= 0.8 * sharpCount) {
    return 'The 1-3 and 1-2-3 notes are sharp: extend the 3rd valve slide on them.';
  }
  const half = context.bandCents / 2;
  const centsOf = played.map((n) => n.cents ?? 0);
  if (played.length >= 4) {
    const typical = medianOf(centsOf);
    const sameSide = centsOf.filter(
      (c) => Math.sign(c) === Math.sign(typical) && Math.abs(c) > half,
    );
    if (Math.abs(typical) > half && sameSide.length >= 0.6 * played.length) {
      return typical > 0
        ? `Everything is sharp (about +${Math.round(typical)} ¢): pull the main tuning slide out a little.`
        : `Everything is flat (about ${Math.round(typical)} ¢): push the main tuning slide in a little.`;
    }
  }
  const unsteady = played.filter((n) => flagOf(n, 'unsteady'));
  if (unsteady.length > 0) {
    const first = unsteady[0] as NoteAssessment;
    return `${plural(unsteady.length, 'note')} wavered (first in ${bar(first)}): keep the air steady and the pitch centred through each note.`;
  }
  const late = played.filter((n) => flagOf(n, 'late') || flagOf(n, 'early'));
  if (late.length > 0) {
    const first = late[0] as NoteAssessment;
    const flag = flagOf(first, 'late') ?? flagOf(first, 'early');
    return `${first.written} in ${bar(first)} came in ${flag?.ms ?? 0} ms ${flag?.flag ?? 'late'}: place each note on the beat.`;
  }
  const uneven = played.filter((n) => flagOf(n, 'uneven'));
  if (uneven.length > 0) {
    return `Uneven notes in ${bar(uneven[0] as NoteAssessment)}: play runs with an even pulse (slow down, use a click).`;
  }
  const offPitch = played.filter((n) => flagOf(n, 'sharp') || flagOf(n, 'flat'));
  if (offPitch.length > 0) {
    const first = offPitch[0] as NoteAssessment;
    const sharp = flagOf(first, 'sharp');
    return `${first.written} in ${bar(first)} is ${sharp ? `${sharp.cents} ¢ sharp` : `${flagOf(first, 'flat')?.cents ?? 0} ¢ flat`}: hear the pitch before you play it.`;
  }
  void score;
  return null;
}
