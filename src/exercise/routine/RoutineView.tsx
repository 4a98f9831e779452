import { useId, useState } from 'react';
import { useObservable } from '../../lib/use-observable';
import { EXERCISE_KINDS, EXERCISE_LABELS, type ExerciseKind } from '../../history/records';
import {
  PLANNED_MINUTES,
  WARM_DOWN_MINUTES,
  moveExercise,
  planRoutine,
  toggleExercise,
} from './routine';
import { getRoutineItem } from './routine-store';
import './routine.css';

const DESCRIPTIONS: Record<ExerciseKind, string> = {
  'long-tones': 'Hold each note: time in tune, steadiness, drift.',
  'lip-slurs': 'Harmonic series of each valve combination: lock, overshoot, cracks.',
  scales: 'Major and minor in every key, chromatic, with the metronome.',
  intervals: 'Hear a reference, answer with an interval above it.',
};

/**
 * Today's routine on the home page: the exercises with their planned minutes, the rests between
 * them and the warm-down, one clear Start; tap an exercise to play it on its own. Changing the
 * routine is a separate mode (Edit), so the home page is not a wall of small controls.
 */
export function RoutineView(props: {
  onOpen: (exercise: ExerciseKind) => void;
  onStartRoutine: (routine: readonly ExerciseKind[]) => void;
}) {
  // Observed: an edit from another device of the account shows as it arrives.
  const routine = useObservable(getRoutineItem()).value;
  const [editing, setEditing] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const headingId = useId();
  const update = (next: ExerciseKind[]): void => {
    setWarning(
      getRoutineItem().set(next)
        ? null
        : 'Your routine could not be saved on this device; it applies until you close the app.',
    );
  };
  const plan = planRoutine(routine);
  return (
    <section className="routine" aria-labelledby={headingId} data-testid="routine">
      <div className="routine__head">
        <h2 id={headingId}>Today’s routine</h2>
        {routine.length > 0 && (
          <span className="routine__total" data-testid="routine-minutes">
            {plan.totalMinutes} min
          </span>
        )}
      </div>
      {routine.length > 0 && (
        <p className="routine__plan" data-testid="routine-plan">
          {plan.playMinutes} min playing, {plan.restMinutes} min resting: rest as long as you play,
          and end with a warm-down.
        </p>
      )}
      {editing ? (
        <RoutineEditor routine={routine} update={update} onDone={() => setEditing(false)} />
      ) : (
        <>
          <button
            type="button"
            className="routine__start"
            data-testid="start-routine"
            disabled={routine.length === 0}
            onClick={() => props.onStartRoutine(routine)}
          >
            Start routine ({plan.totalMinutes} min)
          </button>
          {routine.length === 0 ? (
            <p>Your routine is empty: add exercises with Edit routine.</p>
          ) : (
            <ol className="routine__list">
              {routine.map((exercise, i) => (
                <li key={exercise} data-testid="routine-item">
                  <button
                    type="button"
                    className="routine__open"
                    data-testid={`open-${exercise}`}
                    onClick={() => props.onOpen(exercise)}
                  >
                    <span className="routine__name">{EXERCISE_LABELS[exercise]}</span>
                    <span className="routine__minutes">{PLANNED_MINUTES[exercise]} min</span>
                  </button>
                  <small className="routine-description">{DESCRIPTIONS[exercise]}</small>
                  {i < routine.length - 1 && (
                    <small className="routine__rest">
                      then rest {PLANNED_MINUTES[exercise]} min
                    </small>
                  )}
                </li>
              ))}
              <li className="routine__warm-down">
                <span className="routine__name">Warm-down</span>
                <span className="routine__minutes">{WARM_DOWN_MINUTES} min</span>
                <small className="routine-description">
                  Soft, low long tones and a few pedal notes to relax the lips.
                </small>
              </li>
            </ol>
          )}
          <button
            type="button"
            className="routine__edit"
            data-testid="edit-routine"
            onClick={() => setEditing(true)}
          >
            Edit routine
          </button>
        </>
      )}
      {warning && (
        <p className="error" role="alert">
          {warning}
        </p>
      )}
    </section>
  );
}

/** Edit mode: reorder (↑/↓), remove and add exercises; every control 44 × 44 px or more. */
function RoutineEditor(props: {
  routine: ExerciseKind[];
  update: (next: ExerciseKind[]) => void;
  onDone: () => void;
}) {
  const { routine, update } = props;
  const unused = EXERCISE_KINDS.filter((e) => !routine.includes(e));
  return (
    <div className="routine-editor" data-testid="routine-editor">
      <ol className="routine__list">
        {routine.map((exercise, i) => (
          <li key={exercise} data-testid="routine-item" className="routine-editor__item">
            <span className="routine__name" data-testid={`edit-${exercise}`}>
              {EXERCISE_LABELS[exercise]}
            </span>
            <span className="routine-editor__actions">
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
          </li>
        ))}
      </ol>
      {unused.length > 0 && (
        <div className="routine-editor__add">
          <span>Add</span>
          {unused.map((exercise) => (
            <button
              key={exercise}
              type="button"
              onClick={() => update(toggleExercise(routine, exercise))}
            >
              + {EXERCISE_LABELS[exercise]}
            </button>
          ))}
        </div>
      )}
      <button
        type="button"
        className="routine__start"
        data-testid="done-editing"
        onClick={props.onDone}
      >
        Done
      </button>
    </div>
  );
}
