// What a finished timed exercise saves to history: its settings, score and one row per note.
import type { AttemptRecord } from '../../history/records';
import type { AttemptContent } from '../use-save-attempt';
import type { TimedNote } from './timed-note';
import type { TimedState } from './timed-session';

/** Tenths of a cent are what the history keeps (the charts and map read no finer). */
const tenths = (cents: number | null): number | null =>
  cents === null ? null : Math.round(cents * 10) / 10;

/**
 * The attempt to save, or null while no note has been judged. `notes` are the passage's notes in
 * the order they were judged: a note the exercise asks on its own valves (a lip slur's series)
 * keeps them, so the intonation map files a 1-2-3 F♯4 under 1-2-3, not the chart's 2 (U15). An
 * attempt judged in just intonation against the drone says so in its settings (`temperament`):
 * its cents are from the just targets, not from equal temperament.
 */
export function timedAttemptContent(
  state: TimedState,
  settings: AttemptRecord['settings'],
  notes: readonly TimedNote[] = [],
): AttemptContent | null {
  if (state.outcomes.length === 0) return null;
  return {
    settings: state.judgedIn === null ? settings : { ...settings, temperament: 'just' },
    score: state.score,
    notes: state.outcomes.map((o, i) => {
      const combo = notes[i]?.combo;
      return {
        writtenMidi: o.writtenMidi,
        name: o.name,
        score: o.score,
        medianCents: tenths(o.medianCents),
        spreadCents: tenths(o.result.spreadCents),
        driftCents: null,
        inTuneFraction: null,
        ...(combo === undefined ? {} : { valves: combo }),
      };
    }),
    ...(state.fixFirst === null ? {} : { fixFirst: state.fixFirst }),
  };
}
