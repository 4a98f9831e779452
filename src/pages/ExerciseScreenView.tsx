import { IntervalsExercise } from '../exercise/intervals/IntervalsExercise';
import { LongTonesExercise } from '../exercise/long-tones/LongTonesExercise';
import { LipSlursExercise } from '../exercise/timed/LipSlursExercise';
import { ScalesExercise } from '../exercise/timed/ScalesExercise';
import type { HistoryStore } from '../history/history-db';
import type { ExerciseScreen } from './exercise-routes';

/** One exercise's screen (its setup, run and results), opened alone or as a routine step. */
export function ExerciseScreenView(props: {
  screen: ExerciseScreen;
  /** In the routine, the step's number (a fresh exercise each step); null when opened alone. */
  stepKey: number | null;
  history: HistoryStore;
  onHome: () => void;
  /** In the routine: on to its next step. */
  onDone?: () => void;
  /** Scales and Articulation are two routes: the switch replaces one with the other. */
  onModeChange: (mode: 'scale' | 'articulation') => void;
}) {
  const { screen, history, onHome, onDone } = props;
  const inRoutine = props.stepKey !== null;
  const key = `${screen}-${inRoutine ? props.stepKey : 'single'}`;
  switch (screen) {
    case 'long-tones':
      return <LongTonesExercise key={key} history={history} onExit={onHome} onDone={onDone} />;
    case 'lip-slurs':
      return <LipSlursExercise key={key} history={history} onBack={onHome} onDone={onDone} />;
    case 'scales':
    case 'articulation':
      return (
        <ScalesExercise
          key={inRoutine ? key : 'scales'}
          history={history}
          onBack={onHome}
          onDone={onDone}
          mode={screen === 'articulation' ? 'articulation' : 'scale'}
          // In the routine the step is one exercise: no switching to the other.
          onModeChange={inRoutine ? undefined : props.onModeChange}
        />
      );
    case 'intervals':
      return <IntervalsExercise key={key} history={history} onBack={onHome} onDone={onDone} />;
  }
}
