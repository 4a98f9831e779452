import { useState } from 'react';
import type { HistoryStore } from '../history/history-db';
import { useSettings } from '../settings';
import { createLongToneSession, type LongToneSession } from './long-tone-session';
import { LongToneRun } from './LongToneRun';
import {
  DEFAULT_LONG_TONE_SETUP,
  LongToneSetupForm,
  notesFor,
  setupProblem,
  type LongToneSetup,
} from './LongToneSetup';

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
  const [setup, setSetup] = useState<LongToneSetup>(DEFAULT_LONG_TONE_SETUP);
  const [run, setRun] = useState<{ session: LongToneSession; startedAt: Date } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const settings = useSettings();

  const start = async (): Promise<void> => {
    setError(null);
    const problem = setupProblem(setup);
    if (problem) {
      setError(problem);
      return;
    }
    // The coach looks at the player's earlier attempts on each note. A slow or blocked database
    // must not hold the exercise back: give it 1.5 s (`recent` answers [] on failure).
    const past = new Map<number, number[]>();
    const earlier = await Promise.race([
      props.history.recent(COACH_RECENT_ATTEMPTS),
      new Promise<[]>((resolve) => setTimeout(() => resolve([]), 1500)),
    ]);
    for (const attempt of earlier) {
      for (const note of attempt.notes) {
        if (note.medianCents === null) continue;
        const list = past.get(note.writtenMidi) ?? [];
        list.push(note.medianCents);
        past.set(note.writtenMidi, list);
      }
    }
    setRun({
      startedAt: new Date(),
      session: createLongToneSession({
        notes: notesFor(setup),
        holdSeconds: setup.holdSeconds,
        inTuneCents: setup.inTuneCents,
        instrument: settings.transposition,
        a4Hz: settings.a4Hz,
        pastCentsByMidi: past,
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
  return (
    <LongToneSetupForm
      setup={setup}
      onChange={setSetup}
      error={error}
      onStart={() => void start()}
      onExit={props.onExit}
    />
  );
}
