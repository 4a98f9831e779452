// What a finished timed exercise saves to history: its settings, score and one row per note.
import type { AttemptRecord } from '../../history/records';
import type { AttemptContent } from '../use-save-attempt';
import type { TimedState } from './timed-session';

/** Tenths of a cent are what the history keeps (the charts and map read no finer). */
const tenths = (cents: number | null): number | null =>
  cents === null ? null : Math.round(cents * 10) / 10;

/** The attempt to save, or null while no note has been judged. */
export function timedAttemptContent(
  state: TimedState,
  settings: AttemptRecord['settings'],
): AttemptContent | null {
  if (state.outcomes.length === 0) return null;
  return {
    settings,
    score: state.score,
    notes: state.outcomes.map((o) => ({
      writtenMidi: o.writtenMidi,
      name: o.name,
      score: o.score,
      medianCents: tenths(o.medianCents),
      spreadCents: tenths(o.result.spreadCents),
      driftCents: null,
      inTuneFraction: null,
    })),
  };
}
