import { noteBars, type Passage } from '../../music';
import type { NoteMark } from '../staff/PassageStaff';
import type { TimedOutcome } from './timed-session';
import { markOf } from './TimedResults';

/** How many times round a looped bar is played (then its results, and Loop again). */
export const LOOP_REPEATS = 4;

/** The staff's marks, worst first: a bar is marked as the worst note in it. */
const WORST: readonly NoteMark[] = ['wrong', 'missed', 'flagged', 'clean'];

/**
 * "Loop this bar" under the results on the music (issue 23 row 10): one button per bar that has
 * notes, coloured like the worst note in it (the same marks as the staff's), so the bar to work on
 * stands out; a tap plays that bar LOOP_REPEATS times with the click.
 */
export function BarLoopPicker(props: {
  passage: Passage;
  outcomes: readonly TimedOutcome[];
  onLoop: (bar: number) => void;
}) {
  const bars = noteBars(props.passage);
  if (bars.length < 2) return null;
  return (
    <section className="bar-loop" aria-labelledby="bar-loop-title" data-testid="bar-loop">
      <h3 id="bar-loop-title">Loop a bar</h3>
      <p className="hint">
        Tap a bar to play just that bar {LOOP_REPEATS} times with the click (not saved to your
        history).
      </p>
      <div className="bar-loop__bars">
        {bars.map(({ bar, noteIndices }) => {
          const marks = noteIndices.map((i): NoteMark => {
            const outcome = props.outcomes[i];
            return outcome ? markOf(outcome) : 'missed';
          });
          const mark = WORST.find((m) => marks.includes(m)) ?? 'clean';
          const toFix = marks.filter((m) => m !== 'clean').length;
          return (
            <button
              key={bar}
              type="button"
              data-testid={`loop-bar-${bar + 1}`}
              data-mark={mark}
              aria-label={`Loop bar ${bar + 1}: ${
                toFix === 0 ? 'all clean' : `${toFix} of ${marks.length} notes to work on`
              }`}
              onClick={() => props.onLoop(bar)}
            >
              {bar + 1}
            </button>
          );
        })}
      </div>
    </section>
  );
}
