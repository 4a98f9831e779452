import { useState } from 'react';
import { useRoutedStep } from '../../shared-ui/routed-step';
import type { HistoryStore } from '../../history/history-db';
import { hornLookup, intonationMap, pastCentsOnPrimary } from '../../history/intonation-map';
import { useSettings } from '../../settings';
import { createLongToneSession, type LongToneSession } from './long-tone-session';
import { LongToneRun } from './LongToneRun';
import { LongToneSetupForm, notesFor, setupProblem } from './LongToneSetup';
import { setupMemories, useRememberedSetup } from '../setup-memory';
import { useRoutineStep } from '../routine/routine-step';
import { RoutineStepStart } from '../routine/RoutineStepStart';
import { longToneSetupText } from './long-tone-setup-text';

export {
  DEFAULT_LONG_TONE_SETUP,
  EXERCISE_IN_TUNE_CENTS_RANGE,
  type LongToneSetup,
} from './LongToneSetup';

/** How many recent attempts the coach looks at (not the whole history: it may be 100 000). */
const COACH_RECENT_ATTEMPTS = 500;

/** Long tones: setup (LongToneSetup), then the run and its results (LongToneRun), saved as played. */
export function LongTonesExercise(props: {
  history: HistoryStore;
  onExit?: () => void;
  onDone?: () => void;
}) {
  // The setup last started is remembered (issue 23 row 10); in the routine it starts directly.
  const remembered = useRememberedSetup(setupMemories()['long-tones']);
  const setup = remembered.setup;
  const routineStep = useRoutineStep();
  const [editing, setEditing] = useState(routineStep === null);
  const [run, setRun] = useRoutedStep<{ session: LongToneSession; startedAt: Date }>();
  const [error, setError] = useState<string | null>(null);
  const settings = useSettings();

  const start = async (): Promise<void> => {
    setError(null);
    const problem = setupProblem(setup);
    if (problem) {
      setError(problem);
      setEditing(true);
      return;
    }
    remembered.remember();
    // A slow or blocked database must not hold the exercise back: give it 1.5 s (`recent`
    // answers [] on failure).
    const earlier = await Promise.race([
      props.history.recent(COACH_RECENT_ATTEMPTS),
      new Promise<[]>((resolve) => setTimeout(() => resolve([]), 1500)),
    ]);
    // The coach looks at the player's earlier attempts on each note: this instrument, the note's
    // (primary) fingering, unclipped medians only (history/intonation-map.ts).
    const map = intonationMap(earlier, settings.transposition);
    setRun({
      startedAt: new Date(),
      session: createLongToneSession({
        notes: notesFor(setup, settings.spelling),
        holdSeconds: setup.holdSeconds,
        restSeconds: setup.pattern === 'single' ? 0 : setup.restSeconds,
        inTuneCents: setup.inTuneCents,
        instrument: settings.transposition,
        a4Hz: settings.a4Hz,
        pastCentsByMidi: pastCentsOnPrimary(map),
        horn: hornLookup(map),
        spelling: settings.spelling,
      }),
    });
  };

  if (run) {
    return (
      <LongToneRun
        key={run.startedAt.getTime()}
        session={run.session}
        startedAt={run.startedAt}
        setup={setup}
        history={props.history}
        onAgain={() => setRun(null)}
        onDone={props.onDone}
      />
    );
  }
  if (!editing) {
    return (
      <RoutineStepStart
        title="Long tones"
        setupText={longToneSetupText(setup, settings.spelling)}
        startTestId="lt-start"
        onStart={() => void start()}
        onChangeSetup={() => setEditing(true)}
      />
    );
  }
  return (
    <LongToneSetupForm
      setup={setup}
      onChange={(next) => remembered.set(next)}
      error={error}
      onStart={() => void start()}
      onExit={props.onExit}
      onReset={remembered.isDefault ? undefined : remembered.reset}
    />
  );
}
