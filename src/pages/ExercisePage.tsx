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
import { RestBreak, WarmDown, playedText } from '../exercise/RoutineBreak';
import { RoutineView } from '../exercise/RoutineView';
import { suggestedRestMs } from '../exercise/routine';
import { ScalesExercise } from '../exercise/ScalesExercise';
import { getHistoryStore } from '../history/history-db';
import { HistoryView } from '../history/HistoryView';
import { PracticeSummary } from '../history/PracticeSummary';
import { EXERCISE_LABELS, type ExerciseKind } from '../history/records';
import { SettingsButton } from '../settings-screen/SettingsButton';
import { onScreenBack } from '../shared-ui/on-screen-back';
import { TakesBar } from '../takes/TakesBar';
import '../exercise/exercise.css';

type View = 'practice' | 'history';

/** What the practice view shows: home, an exercise, or (in the routine) a rest or the warm-down. */
type Step =
  | { kind: 'home' }
  | { kind: 'exercise'; exercise: ExerciseKind; startedAtMs: number }
  | { kind: 'rest'; next: ExerciseKind; restMs: number }
  | { kind: 'warm-down' };

const HOME: Step = { kind: 'home' };

/** An exercise starting now (the routine counts the minutes played from here). */
function start(exercise: ExerciseKind): Step {
  return { kind: 'exercise', exercise, startedAtMs: Date.now() };
}

/** `/home/exercise`, the home page: the practice home, the running exercise, and the history. */
export default function ExercisePage() {
  const [view, setView] = useState<View>('practice');
  const [step, setStep] = useState<Step>(HOME);
  // While the routine runs: the exercises still to come, and the time played so far.
  const [routine, setRoutine] = useState<{
    queue: readonly ExerciseKind[];
    playedMs: number;
  } | null>(null);
  const history = getHistoryStore();
  const status = useObservable(history.status);

  const home = (): void => {
    setStep(HOME);
    setRoutine(null);
  };
  /** The routine's next step after an exercise: a rest as long as it was played, or the warm-down. */
  const next =
    routine && step.kind === 'exercise'
      ? () => {
          const playedMs = Date.now() - step.startedAtMs;
          const [following, ...rest] = routine.queue;
          setRoutine({ queue: rest, playedMs: routine.playedMs + playedMs });
          setStep(
            following
              ? { kind: 'rest', next: following, restMs: suggestedRestMs(playedMs) }
              : { kind: 'warm-down' },
          );
        }
      : undefined;

  const exercise = (kind: ExerciseKind) => {
    // A key per routine step: the same exercise twice in a row starts fresh.
    const key = `${kind}-${routine?.queue.length ?? 'single'}`;
    switch (kind) {
      case 'long-tones':
        return <LongTonesExercise key={key} history={history} onExit={home} onDone={next} />;
      case 'lip-slurs':
        return <LipSlursExercise key={key} history={history} onBack={home} onDone={next} />;
      case 'scales':
        return <ScalesExercise key={key} history={history} onBack={home} onDone={next} />;
      case 'intervals':
        return <IntervalsExercise key={key} history={history} onBack={home} onDone={next} />;
    }
  };

  const practice = () => {
    switch (step.kind) {
      case 'exercise':
        return (
          <PanelBoundary key={step.exercise} name={EXERCISE_LABELS[step.exercise]}>
            {routine && (
              <p className="routine-session" data-testid="routine-progress">
                Routine:{' '}
                {routine.queue.length === 0
                  ? 'last exercise'
                  : `${routine.queue.length} more after this`}
                , {playedText(routine.playedMs)} played so far
              </p>
            )}
            {exercise(step.exercise)}
          </PanelBoundary>
        );
      case 'rest':
        return (
          <RestBreak
            restMs={step.restMs}
            playedMs={routine?.playedMs ?? 0}
            next={step.next}
            onContinue={() => setStep(start(step.next))}
            onStop={home}
          />
        );
      case 'warm-down':
        return <WarmDown playedMs={routine?.playedMs ?? 0} onFinish={home} />;
      case 'home':
        return (
          <>
            <p className="home__intro">
              Your daily trumpet practice: exercises that listen and score you, and a live tuner.
            </p>
            <PanelBoundary name="Your practice so far">
              <PracticeSummary history={history} />
            </PanelBoundary>
            <PanelBoundary name="Today's routine">
              <RoutineView
                onOpen={(kind) => {
                  setRoutine(null);
                  setStep(start(kind));
                }}
                onStartRoutine={(kinds) => {
                  setRoutine({ queue: kinds.slice(1), playedMs: 0 });
                  setStep(start(kinds[0]));
                }}
              />
            </PanelBoundary>
          </>
        );
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
            aria-label="Practice or history"
            onIonChange={(e) => setView(e.detail.value === 'history' ? 'history' : 'practice')}
          >
            <IonSegmentButton
              value="practice"
              data-testid="tab-practice"
              // While the history is shown, Android's back returns to the practice view.
              {...(view === 'history' ? onScreenBack : {})}
            >
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
        <div hidden={view !== 'practice'}>{practice()}</div>
        {view === 'history' && (
          <PanelBoundary name="History">
            <HistoryView history={history} />
          </PanelBoundary>
        )}
        <TakesBar source={step.kind === 'exercise' ? step.exercise : 'practice'} />
      </IonContent>
    </IonPage>
  );
}
