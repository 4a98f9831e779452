import {
  IonContent,
  IonHeader,
  IonLabel,
  IonPage,
  IonSegment,
  IonSegmentButton,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { useState } from 'react';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { PitchStatusBanner } from '../shared-ui/PitchStatusBanner';
import { useObservable } from '../lib/use-observable';
import { IntervalsExercise } from '../exercise/IntervalsExercise';
import { LipSlursExercise } from '../exercise/LipSlursExercise';
import { LongTonesExercise } from '../exercise/LongTonesExercise';
import { RoutineView } from '../exercise/RoutineView';
import { ScalesExercise } from '../exercise/ScalesExercise';
import { getHistoryStore } from '../history/history-db';
import { HistoryView } from '../history/HistoryView';
import { EXERCISE_LABELS, type ExerciseKind } from '../history/records';
import { SettingsButton } from '../settings-screen/SettingsButton';
import { TakesBar } from '../takes/TakesBar';
import '../exercise/exercise.css';

type View = 'practice' | 'history';

/** `/home/exercise`, the home page: today's routine, the running exercise, and the history. */
export default function ExercisePage() {
  const [view, setView] = useState<View>('practice');
  // The exercise on screen, and (when running the routine) the ones still to come.
  const [active, setActive] = useState<ExerciseKind | null>(null);
  const [queue, setQueue] = useState<readonly ExerciseKind[]>([]);
  const history = getHistoryStore();
  const status = useObservable(history.status);

  const back = (): void => {
    setActive(null);
    setQueue([]);
  };
  const next =
    queue.length > 0
      ? () => {
          setActive(queue[0]);
          setQueue(queue.slice(1));
        }
      : undefined;

  const exercise = (kind: ExerciseKind) => {
    // A key per routine step: the same exercise twice in a row starts fresh.
    const key = `${kind}-${queue.length}`;
    switch (kind) {
      case 'long-tones':
        return <LongTonesExercise key={key} history={history} onExit={back} onDone={next} />;
      case 'lip-slurs':
        return <LipSlursExercise key={key} history={history} onBack={back} onDone={next} />;
      case 'scales':
        return <ScalesExercise key={key} history={history} onBack={back} onDone={next} />;
      case 'intervals':
        return <IntervalsExercise key={key} history={history} onBack={back} onDone={next} />;
    }
  };

  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonTitle>Exercise</IonTitle>
          <SettingsButton />
        </IonToolbar>
        <IonToolbar>
          <IonSegment
            value={view}
            onIonChange={(e) => setView(e.detail.value === 'history' ? 'history' : 'practice')}
          >
            <IonSegmentButton value="practice" data-testid="tab-practice">
              <IonLabel>Practice</IonLabel>
            </IonSegmentButton>
            <IonSegmentButton value="history" data-testid="tab-history">
              <IonLabel>History</IonLabel>
            </IonSegmentButton>
          </IonSegment>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        {/* Mic denied, missing or in use, engine failed…: said here too, with a way out. */}
        {view === 'practice' && <PitchStatusBanner />}
        {status.state !== 'ready' && view === 'practice' && (
          <p role="alert" className="error" data-testid="storage-warning">
            {status.message}
          </p>
        )}
        {/* The practice view stays mounted while the history is shown: a running exercise goes on. */}
        <div hidden={view !== 'practice'}>
          {active ? (
            <PanelBoundary key={active} name={EXERCISE_LABELS[active]}>
              {exercise(active)}
            </PanelBoundary>
          ) : (
            <PanelBoundary name="Today's routine">
              <RoutineView
                onOpen={(kind) => {
                  setQueue([]);
                  setActive(kind);
                }}
                onStartRoutine={(routine) => {
                  setActive(routine[0]);
                  setQueue(routine.slice(1));
                }}
              />
            </PanelBoundary>
          )}
        </div>
        {view === 'history' && (
          <PanelBoundary name="History">
            <HistoryView history={history} />
          </PanelBoundary>
        )}
        <TakesBar source={active ?? 'practice'} />
      </IonContent>
    </IonPage>
  );
}
