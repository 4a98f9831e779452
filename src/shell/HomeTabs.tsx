import { IonLabel, IonRouterOutlet, IonTabBar, IonTabButton, IonTabs } from '@ionic/react';
import {
  libraryOutline,
  musicalNotesOutline,
  speedometerOutline,
  statsChartOutline,
} from 'ionicons/icons';
import { Icon } from '../shared-ui/Icon';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { TrackOnMount } from '../analytics/TrackOnMount';
import { PageBoundary } from '../shared-ui/ErrorBoundary';
import { lazyWithPreload } from '../shared-ui/lazy-retry';
import { currentPlatform } from '../native';

// Each page is its own chunk, loaded when its tab is first shown (retried, then "offline…"). The
// page the app opens on is fetched now, beside the shell's first render: it then renders without
// suspending, so React's 300 ms reveal throttle does not apply (lazyWithPreload).
const ExercisePage = lazyWithPreload(() => import('../pages/ExercisePage'));
const TunerPage = lazyWithPreload(() => import('../pages/TunerPage'));
const ProgressPage = lazy(() => import('../pages/ProgressPage'));
const PiecesPage = lazyWithPreload(() => import('../pages/PiecesPage'));
const openingPath = globalThis.location?.pathname ?? '';
const openingPage = openingPath.startsWith('/home/tuner')
  ? TunerPage
  : openingPath.startsWith('/home/pieces')
    ? PiecesPage
    : ExercisePage;
openingPage.preload().catch(() => undefined); // a failure shows when the page renders
// Android/iOS only (back button, reminder taps, files opened with the app): not initial JS.
const NativeShell =
  currentPlatform() === 'web'
    ? null
    : lazy(() => import('./NativeShell').then((m) => ({ default: m.NativeShell })));
const TUNER_STARTED = { name: 'tuner_started' } as const;

/**
 * Ionic's IonTabs accepts only an outlet/tabs as children, so each lazy page gets its own Suspense
 * (a Suspense directly inside IonTabs throws), inside its own error boundary: a page that fails
 * (or cannot be fetched) says so, and the tab bar and the other page keep working.
 */
function Lazy(props: { name: string; children: ReactNode }) {
  return (
    <PageBoundary name={props.name}>
      <Suspense fallback={null}>{props.children}</Suspense>
    </PageBoundary>
  );
}

/** `/home/*`: the tab shell. `/home` opens the exercise tab. */
export function HomeTabs() {
  return (
    <>
      {NativeShell && (
        <Suspense fallback={null}>
          <NativeShell />
        </Suspense>
      )}
      <IonTabs>
        <IonRouterOutlet>
          {/* The exercise tab's screens are its own routes (src/pages/exercise-routes.ts). */}
          <Route
            path="exercise/*"
            element={
              <Lazy name="The exercise page">
                <ExercisePage />
              </Lazy>
            }
          />
          <Route
            path="tuner"
            element={
              <Lazy name="The tuner">
                <TrackOnMount event={TUNER_STARTED}>
                  <TunerPage />
                </TrackOnMount>
              </Lazy>
            }
          />
          <Route
            path="pieces/*"
            element={
              <Lazy name="The pieces library">
                <PiecesPage />
              </Lazy>
            }
          />
          <Route
            path="progress"
            element={
              <Lazy name="Progress">
                <ProgressPage />
              </Lazy>
            }
          />
          <Route index element={<Navigate to="exercise" replace />} />
          <Route path="*" element={<Navigate to="/home/exercise" replace />} />
        </IonRouterOutlet>
        <IonTabBar slot="bottom">
          <IonTabButton tab="exercise" href="/home/exercise">
            <Icon icon={musicalNotesOutline} />
            <IonLabel>Exercise</IonLabel>
          </IonTabButton>
          <IonTabButton tab="tuner" href="/home/tuner">
            <Icon icon={speedometerOutline} />
            <IonLabel>Tuner</IonLabel>
          </IonTabButton>
          <IonTabButton tab="progress" href="/home/progress">
            <Icon icon={statsChartOutline} />
            <IonLabel>Progress</IonLabel>
          </IonTabButton>
          <IonTabButton tab="pieces" href="/home/pieces">
            <Icon icon={libraryOutline} />
            <IonLabel>Pieces</IonLabel>
          </IonTabButton>
        </IonTabBar>
      </IonTabs>
    </>
  );
}
