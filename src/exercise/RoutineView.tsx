import { useState } from 'react';
import { EXERCISE_KINDS, EXERCISE_LABELS, type ExerciseKind } from '../history/records';
import { loadRoutine, moveExercise, saveRoutine, toggleExercise } from './routine';

const DESCRIPTIONS: Record<ExerciseKind, string> = {
  'long-tones': 'Hold each note: time in tune, steadiness, drift.',
  'lip-slurs': 'Harmonic series of each valve combination: lock, overshoot, cracks.',
  scales: 'Major and minor in every key, chromatic, with the metronome.',
  intervals: 'Hear a reference, answer with an interval above it.',
};

/** Today's routine: choose the exercises and their order, start one or the whole routine. */
export function RoutineView(props: {
  onOpen: (exercise: ExerciseKind) => void;
  onStartRoutine: (routine: readonly ExerciseKind[]) => void;
}) {
  const [routine, setRoutine] = useState<ExerciseKind[]>(() => loadRoutine());
  const [warning, setWarning] = useState<string | null>(null);
  const update = (next: ExerciseKind[]): void => {
    setRoutine(next);
    setWarning(
      saveRoutine(next)
        ? null
        : 'Your routine could not be saved on this device; it applies until you close the app.',
    );
  };
  const unused = EXERCISE_KINDS.filter((e) => !routine.includes(e));
  return (
    <section className="routine" aria-label="Today's routine" data-testid="routine">
      <h2>Today’s routine</h2>
      <ol>
        {routine.map((exercise, i) => (
          <li key={exercise} data-testid="routine-item">
            <div className="routine-item">
              <button
                type="button"
                data-testid={`open-${exercise}`}
                onClick={() => props.onOpen(exercise)}
              >
                {EXERCISE_LABELS[exercise]}
              </button>
              <small className="routine-description">{DESCRIPTIONS[exercise]}</small>
              <span className="routine-actions">
                <button
                  type="button"
                  aria-label={`Move ${EXERCISE_LABELS[exercise]} up`}
                  disabled={i === 0}
                  onClick={() => update(moveExercise(routine, i, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={`Move ${EXERCISE_LABELS[exercise]} down`}
                  disabled={i === routine.length - 1}
                  onClick={() => update(moveExercise(routine, i, 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  aria-label={`Remove ${EXERCISE_LABELS[exercise]}`}
                  onClick={() => update(toggleExercise(routine, exercise))}
                >
                  ✕
                </button>
              </span>
            </div>
          </li>
        ))}
      </ol>
      {unused.length > 0 && (
        <p>
          Add:{' '}
          {unused.map((exercise) => (
            <button
              key={exercise}
              type="button"
              onClick={() => update(toggleExercise(routine, exercise))}
            >
              + {EXERCISE_LABELS[exercise]}
            </button>
          ))}
        </p>
      )}
      {warning && <p className="error">{warning}</p>}
      <div className="buttons">
        <button
          type="button"
          data-testid="start-routine"
          disabled={routine.length === 0}
          onClick={() => props.onStartRoutine(routine)}
        >
          Start routine
        </button>
      </div>
    </section>
  );
}
