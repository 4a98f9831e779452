import type { AttemptAssessment, NoteAssessment } from '../music';

/**
 * What a note's onset is counted from (W3): a graded recording from its start ("into the
 * recording"); a live pass from the first note heard in it, since the live stream's clock starts
 * when the microphone did, not at Start (it read "5.76 s into the take" with no take, ~4 s off).
 */
export type NoteClock =
  { readonly kind: 'recording' } | { readonly kind: 'live'; readonly originMs: number };

/** The clock of an attempt's notes: a recording's own, or from its first note heard. */
export function noteClockOf(
  source: 'live' | 'recording',
  assessment: AttemptAssessment,
): NoteClock {
  if (source === 'recording') return { kind: 'recording' };
  const onsets = assessment.notes.flatMap((n) => (n.onsetMs === null ? [] : [n.onsetMs]));
  return { kind: 'live', originMs: onsets.length > 0 ? Math.min(...onsets) : 0 };
}

/** The "When:" of a tapped note. */
export function noteWhenText(note: Pick<NoteAssessment, 'onsetMs'>, clock: NoteClock): string {
  if (note.onsetMs === null) return 'not heard';
  if (clock.kind === 'recording') return `${(note.onsetMs / 1000).toFixed(2)} s into the recording`;
  const afterMs = Math.max(0, note.onsetMs - clock.originMs);
  return afterMs < 5 ? 'your first note' : `${(afterMs / 1000).toFixed(2)} s after your first note`;
}
