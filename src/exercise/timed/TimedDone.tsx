import type { ReactNode } from 'react';
import type { Passage } from '../../music';
import { TEMPO_BPM_RANGE } from '../../audio/output/metronome';
import { TimedResults } from './TimedResults';
import { BarLoopPicker } from './BarLoopPicker';
import { AgainButtons } from './AgainButtons';
import type { TimedNote, TimedState } from './timed-session';

/** "Again at +4 bpm": the step a teacher raises a clean passage by. */
const TEMPO_STEP_BPM = 4;

/**
 * A finished timed attempt: its results on the notation, a button per bar to loop (the whole
 * exercise only), what the save said, and what to do next.
 */
export function TimedDone(props: {
  state: TimedState;
  /** False when nothing was heard: no results, only the save area saying so (issue 23 row 7). */
  shown: boolean;
  passage: Passage<TimedNote>;
  title: string;
  inTuneCents: number;
  tempoBpm: number;
  /** The bar being looped (0-based), or null for the whole exercise. */
  loopBar: number | null;
  onLoop: (bar: number) => void;
  /** Under the results: whether the attempt was saved (or why a loop is not). */
  saveArea: ReactNode;
  message?: string | null;
  onAgain: (tempoBpm: number, loopBar?: number | null) => void;
  onDone?: () => void;
  onBack: () => void;
}) {
  const { state, loopBar, tempoBpm } = props;
  return (
    <>
      {props.shown && (
        <TimedResults
          outcomes={state.outcomes}
          score={state.score}
          summary={state.summary}
          articulation={state.articulation}
          judgedIn={state.judgedIn}
          cleanPass={{ clean: state.clean, why: state.notClean }}
          inTuneCents={props.inTuneCents}
          passage={props.passage}
          title={props.title}
          afterStaff={
            loopBar === null && (
              <BarLoopPicker
                passage={props.passage}
                outcomes={state.outcomes}
                onLoop={props.onLoop}
              />
            )
          }
        />
      )}
      {props.saveArea}
      {props.message && <p role="alert">{props.message}</p>}
      <AgainButtons
        loopBar={loopBar}
        tempoBpm={tempoBpm}
        fasterBpm={Math.min(TEMPO_BPM_RANGE.max, tempoBpm + TEMPO_STEP_BPM)}
        onAgain={props.onAgain}
        onDone={props.onDone}
        onBack={props.onBack}
      />
    </>
  );
}
