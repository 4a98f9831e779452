import { IonCheckbox } from '@ionic/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSessionDriver } from '../use-session-driver';
import { usePitchService } from '../../shared-ui/pitch-service-context';
import { useObservable } from '../../lib/use-observable';
import { getAudioSession, type DroneHandle } from '../../audio/output/audio-session';
import type { HistoryStore } from '../../history/history-db';
import { noteName, formatCents, spelledNoteName } from '../../music';
import { useSettings } from '../../settings';
import {
  INTERVAL_DIRECTIONS,
  makeQuestions,
  questionText,
  hiddenQuestionText,
  type IntervalDirections,
} from './interval-questions';
import { createIntervalSession, REFERENCE_MS } from './interval-session';
import { SaveStatus } from '../SaveStatus';

const DIRECTION_LABELS: Record<IntervalDirections, string> = {
  up: 'Above the reference',
  down: 'Below the reference',
  both: 'Above and below',
};
import { StaffView } from '../staff/StaffView';
import { useSaveAttempt } from '../use-save-attempt';
import { BackButton } from '../BackButton';
import { NextStepButton } from '../routine/NextStepButton';
import { setupMemories, useRememberedSetup } from '../setup-memory';
import { ResetSetup } from '../SetupControls';

/** Intervals / ear: the app plays a reference, the player answers with an interval above it. */
export function IntervalsExercise(props: {
  history: HistoryStore;
  onBack: () => void;
  onDone?: () => void;
}) {
  const service = usePitchService();
  const settings = useSettings();
  const [round, setRound] = useState(0);
  // The setup last started is remembered (issue 23 row 10).
  const remembered = useRememberedSetup(setupMemories().intervals);
  const { directions, hideReference } = remembered.setup;
  const session = useMemo(
    () =>
      createIntervalSession({
        questions: makeQuestions(5, Math.random, { directions, spelling: settings.spelling }),
        instrument: settings.transposition,
        a4Hz: settings.a4Hz,
        inTuneCents: settings.inTuneCents,
      }),
    // A new round gets new questions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      round,
      directions,
      settings.transposition,
      settings.a4Hz,
      settings.spelling,
      settings.inTuneCents,
    ],
  );
  const state = useObservable(session.state);
  const tone = useRef<DroneHandle | null>(null);
  const [startedAt, setStartedAt] = useState<Date | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useSessionDriver(service, session, 200);
  useEffect(
    () => () => {
      tone.current?.release();
    },
    [],
  );

  const ask = (): void => {
    if (!startedAt) {
      setStartedAt(new Date());
      remembered.remember();
    }
    tone.current?.release();
    session.ask(performance.now());
    // Brass-like: its harmonics make beats easier to hear; the session cancels all of them.
    const reference = getAudioSession().drone.play([session.referenceHz(state.index)], {
      timbre: 'brass',
    });
    tone.current = reference;
    reference.started.catch((e: unknown) =>
      setMessage(`The reference tone could not play: ${String(e)}`),
    );
    window.setTimeout(() => reference.release(), REFERENCE_MS);
  };

  const content = useMemo(
    () =>
      state.answers.length === 0
        ? null
        : {
            settings: {
              instrument: settings.transposition,
              a4Hz: settings.a4Hz,
              questions: 5,
              directions,
              hideReference,
            },
            score: state.score,
            notes: state.answers.map((a) => ({
              writtenMidi: a.question.answerMidi,
              name: spelledNoteName(a.question.answer),
              score: a.score,
              medianCents: a.correct ? a.cents : null,
              spreadCents: null,
              driftCents: null,
              inTuneFraction: null,
            })),
          },
    [state, settings, directions, hideReference],
  );
  const save = useSaveAttempt({
    history: props.history,
    exercise: 'intervals',
    startedAt,
    done: state.phase === 'done',
    content,
    // A wrong answer has no cents but was played.
    played: state.answers.some((a) => a.heardMidi !== null),
  });

  const question = session.questions[state.index];
  return (
    <section className="exercise-run" aria-label="Intervals">
      <h2>Intervals / ear</h2>
      {state.phase === 'ready' && state.index === 0 && (
        <label>
          Intervals{' '}
          <select
            data-testid="interval-directions"
            value={directions}
            onChange={(e) => remembered.set({ directions: e.target.value as IntervalDirections })}
          >
            {INTERVAL_DIRECTIONS.map((d) => (
              <option key={d} value={d}>
                {DIRECTION_LABELS[d]}
              </option>
            ))}
          </select>
        </label>
      )}
      {state.phase === 'ready' && state.index === 0 && (
        <IonCheckbox
          data-testid="interval-hide-reference"
          checked={hideReference}
          labelPlacement="end"
          justify="start"
          onIonChange={(e) => remembered.set({ hideReference: e.detail.checked })}
        >
          Hide the reference: hear it, don't read it
        </IonCheckbox>
      )}
      {state.phase === 'ready' && state.index === 0 && !remembered.isDefault && (
        <ResetSetup onReset={remembered.reset} />
      )}
      {state.phase !== 'done' && (
        <>
          <p data-testid="interval-question">
            Question {state.index + 1} of {session.questions.length}:{' '}
            <strong>{hideReference ? hiddenQuestionText(question) : questionText(question)}</strong>
          </p>
          {!hideReference && (
            <StaffView
              notes={[question.reference]}
              label={`Reference ${spelledNoteName(question.reference)}`}
            />
          )}
          <p className="phase">
            {state.phase === 'ready'
              ? 'Press Play reference, listen, then answer on your trumpet.'
              : state.phase === 'listen'
                ? 'Listen…'
                : 'Your answer: play and hold the note.'}
          </p>
        </>
      )}
      {state.answers.length > 0 && (
        <table className="note-table" data-testid="note-table">
          <thead>
            <tr>
              <th>Question</th>
              <th>Answer</th>
              <th>You played</th>
              <th>Score</th>
            </tr>
          </thead>
          <tbody>
            {state.answers.map((a, i) => (
              <tr key={i}>
                <td>{questionText(a.question)}</td>
                <td>{spelledNoteName(a.question.answer)}</td>
                <td>
                  {a.heardMidi === null
                    ? 'nothing heard'
                    : a.correct
                      ? `${spelledNoteName(a.question.answer)} (${formatCents(a.cents)})`
                      : `${noteName(a.heardMidi, { spelling: settings.spelling })} ✗`}
                  {a.correct && a.verdict && a.verdict.reasons.length > 0 && (
                    <small data-testid="note-reasons">{a.verdict.reasons.join(' · ')}</small>
                  )}
                </td>
                <td>{a.score}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {state.phase === 'done' && (
        <h2 data-testid="results">
          Score: <span data-testid="score">{state.score}</span> / 100
        </h2>
      )}
      {state.phase === 'done' && <SaveStatus save={save} />}
      {message && <p role="alert">{message}</p>}
      <div className="buttons">
        {state.phase === 'done' && <NextStepButton onNext={props.onDone} />}
        {state.phase === 'ready' && (
          <button type="button" onClick={ask}>
            Play reference
          </button>
        )}
        {state.phase === 'done' && (
          <button
            type="button"
            onClick={() => {
              setMessage(null);
              setStartedAt(null);
              setRound(round + 1);
            }}
          >
            New round
          </button>
        )}
        <BackButton onClick={props.onBack} />
      </div>
    </section>
  );
}
