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
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { PitchStatusBanner } from '../shared-ui/PitchStatusBanner';
import { useObservable } from '../lib/use-observable';
import { getRoutineDaysStore } from '../companion/routine-days-store';
import { RestBreak, RoutineProgress, WarmDown } from '../exercise/routine/RoutineBreak';
import { RoutineView } from '../exercise/routine/RoutineView';
import { suggestedRestMs } from '../exercise/routine/routine';
import { RoutineStepContext } from '../exercise/routine/routine-step';
import { getHistoryStore } from '../history/history-db';
import { HistoryView } from '../history/HistoryView';
import { PracticeSummary } from '../history/PracticeSummary';
import { EXERCISE_LABELS } from '../history/records';
import { SettingsButton } from '../settings-screen/SettingsButton';
import { backTo } from '../shared-ui/app-history';
import { StepRouteContext, type StepRoute } from '../shared-ui/routed-step';
import { TakesBar } from '../takes/TakesBar';
import { registerPiecesExport } from '../pieces/register-export';
import { ExerciseScreenView } from './ExerciseScreenView';
import { start, type Routine, type RoutineStep } from './routine-flow';
import '../exercise/exercise.css';
import {
  EXERCISE_HOME_PATH,
  HISTORY_PATH,
  ROUTINE_PATH,
  SCREEN_EXERCISE,
  exercisePath,
  isExerciseTabPath,
  parseExerciseRoute,
  stepPath,
  type ExerciseScreen,
} from './exercise-routes';

// The pieces library travels in the history's export file (issue 25).
registerPiecesExport();

/**
 * `/home/exercise/*`, the home page: the practice home, each exercise (its setup, and its run and
 * results above it), today's routine and the history, each on its own route (exercise-routes.ts).
 */
export default function ExercisePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  });
  const back = (target: string): void =>
    backTo(target, here.current, (to, options) => {
      if (typeof to === 'number') navigate(to);
      else navigate(to, options);
    });
  // The tab stays as it was while another tab is shown (Ionic keeps both pages mounted).
  const inTab = isExerciseTabPath(location.pathname);
  const [tabPath, setTabPath] = useState(inTab ? location.pathname : EXERCISE_HOME_PATH);
  if (inTab && tabPath !== location.pathname) setTabPath(location.pathname);
  const route = parseExerciseRoute(tabPath);
  const showHistory = route?.view === 'history';
  // The practice view stays mounted (on its own route) while the history is shown: a running
  // exercise goes on.
  const [keptPractice, setKeptPractice] = useState(EXERCISE_HOME_PATH);
  const practicePath = showHistory ? keptPractice : tabPath;
  const practice = parseExerciseRoute(practicePath) ?? { view: 'home' };
  if (!showHistory && keptPractice !== tabPath) setKeptPractice(tabPath);

  const [routine, setRoutine] = useState<Routine | null>(null);
  const inRoutine = practice.view === 'routine' && routine !== null;
  // A run lives only while it is played: the step's URL it entered (`…/play`), until left.
  const [liveStep, setLiveStep] = useState<string | null>(null);
  const [lastPracticePath, setLastPracticePath] = useState(practicePath);
  if (lastPracticePath !== practicePath) {
    setLastPracticePath(practicePath);
    if (lastPracticePath === liveStep) setLiveStep(null);
    // Left the routine (Back, a link): it ends.
    const left = parseExerciseRoute(lastPracticePath);
    if (left?.view === 'routine' && practice.view !== 'routine' && routine) setRoutine(null);
  }
  useEffect(() => {
    // A path the tab does not have, or the routine's path opened without one started: home.
    if (route === null || (route.view === 'routine' && !routine)) {
      navigate(EXERCISE_HOME_PATH, { replace: true });
    }
  }, [practice.view, route, routine, navigate]);
  const history = getHistoryStore();
  const status = useObservable(history.status);

  const home = (): void => back(EXERCISE_HOME_PATH);
  /** The screen an exercise's setup and run are on, and its step route (`…/play`). */
  const screenPath = practice.view === 'exercise' ? exercisePath(practice.screen) : ROUTINE_PATH;
  const onStep = 'step' in practice && practice.step;
  const stepRoute: StepRoute = {
    active: onStep,
    enter: () => {
      setLiveStep(stepPath(screenPath));
      navigate(stepPath(screenPath));
    },
    leave: () => back(screenPath),
  };
  // A run's URL with no run behind it (opened by a link, a reload, Forward): its setup instead.
  const deadStep = onStep && liveStep !== practicePath && !showHistory;
  const leftDeadStep = useRef<string | null>(null);
  useEffect(() => {
    if (!deadStep) leftDeadStep.current = null;
    else if (leftDeadStep.current !== practicePath) {
      leftDeadStep.current = practicePath; // once: leaving may go back one entry
      back(screenPath);
    }
  });
  /** The routine's next step after an exercise: a rest as long as it was played, or the warm-down. */
  const next =
    routine && routine.step.kind === 'exercise'
      ? () => {
          const step = routine.step as Extract<RoutineStep, { kind: 'exercise' }>;
          const playedMs = Date.now() - step.startedAtMs;
          const [following, ...rest] = routine.queue;
          setRoutine({
            queue: rest,
            playedMs: routine.playedMs + playedMs,
            step: following
              ? { kind: 'rest', next: following, restMs: suggestedRestMs(playedMs) }
              : { kind: 'warm-down' },
          });
          if (stepRoute.active) stepRoute.leave();
        }
      : undefined;

  /** The exercise on screen (the routine's, or the one opened), and what it records as. */
  const screen: ExerciseScreen | null =
    practice.view === 'exercise'
      ? practice.screen
      : inRoutine && routine.step.kind === 'exercise'
        ? routine.step.exercise
        : null;

  const practiceView = () => {
    if (screen) {
      return (
        <StepRouteContext.Provider value={stepRoute}>
          <PanelBoundary
            // Scales and Articulation are one exercise: the switch keeps its settings.
            key={SCREEN_EXERCISE[screen]}
            name={EXERCISE_LABELS[SCREEN_EXERCISE[screen]]}
          >
            {inRoutine && routine.step.kind === 'exercise' && (
              <RoutineProgress
                playedMs={routine.playedMs}
                startedAtMs={routine.step.startedAtMs}
                left={routine.queue.length}
              />
            )}
            {/* A routine step starts from its remembered setup and ends on "Next: …" (issue 23). */}
            <RoutineStepContext.Provider
              value={
                inRoutine
                  ? {
                      nextLabel: `Next: ${
                        routine.queue[0] ? EXERCISE_LABELS[routine.queue[0]] : 'Warm-down'
                      }`,
                    }
                  : null
              }
            >
              <ExerciseScreenView
                screen={screen}
                // A key per routine step: the same exercise twice in a row starts fresh.
                stepKey={inRoutine ? routine.queue.length : null}
                history={history}
                onHome={home}
                onDone={inRoutine ? next : undefined}
                onModeChange={(mode) =>
                  navigate(exercisePath(mode === 'articulation' ? 'articulation' : 'scales'), {
                    replace: true,
                  })
                }
              />
            </RoutineStepContext.Provider>
          </PanelBoundary>
        </StepRouteContext.Provider>
      );
    }
    if (inRoutine && routine.step.kind === 'rest') {
      const following = routine.step.next;
      return (
        <RestBreak
          restMs={routine.step.restMs}
          playedMs={routine.playedMs}
          next={following}
          onContinue={() => setRoutine({ ...routine, step: start(following) })}
          onStop={home}
        />
      );
    }
    if (inRoutine && routine.step.kind === 'warm-down') {
      const finish = (): void => {
        // Progress and the teacher's report say on which days the routine was done (issue 24).
        getRoutineDaysStore().markDone({ playedMin: routine.playedMs / 60_000 });
        home();
      };
      return <WarmDown playedMs={routine.playedMs} onFinish={finish} />;
    }
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
            onOpen={(kind) => navigate(exercisePath(kind))}
            onStartRoutine={(kinds) => {
              setRoutine({ queue: kinds.slice(1), playedMs: 0, step: start(kinds[0]) });
              navigate(ROUTINE_PATH);
            }}
          />
        </PanelBoundary>
      </>
    );
  };

  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonTitle>Exercise</IonTitle>
          {/* While an exercise is on screen, recording is one small control up here (issue 23). */}
          {!showHistory && screen && <TakesBar compact source={SCREEN_EXERCISE[screen]} />}
          <SettingsButton />
        </IonToolbar>
        <IonToolbar>
          <IonSegment
            value={showHistory ? 'history' : 'practice'}
            aria-label="Practice or history"
            // The history is a route above the practice view: Back (the browser's, Android's)
            // returns to what was being practised.
            onIonChange={(e) => {
              const toHistory = e.detail.value === 'history';
              if (toHistory && !showHistory) navigate(HISTORY_PATH);
              else if (!toHistory && showHistory) back(keptPractice);
            }}
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
        {!showHistory && <PitchStatusBanner />}
        {status.state !== 'ready' && !showHistory && (
          <p role="alert" className="error" data-testid="storage-warning">
            {status.message}
          </p>
        )}
        {/* The practice view stays mounted while the history is shown: a running exercise goes on. */}
        <div hidden={showHistory}>{practiceView()}</div>
        {showHistory && (
          <PanelBoundary name="History">
            <HistoryView history={history} />
          </PanelBoundary>
        )}
      </IonContent>
      {/* No dock on the home page; the takes stay reachable beside the history. */}
      {showHistory && <TakesBar source="practice" />}
    </IonPage>
  );
}
