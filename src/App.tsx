import { IonApp, IonRouterOutlet } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { lazy, Suspense } from 'react';
import { Navigate, Route } from 'react-router-dom';
import type { PitchService } from './audio/stream/pitch-service-types';
import { AppHistoryLedger } from './shell/AppHistoryLedger';
import { HomeTabs } from './shell/HomeTabs';
import { PitchGradientDefs } from './shared-ui/PitchGradientDefs';
import { PitchServiceProvider, usePitchService } from './shared-ui/pitch-service-context';
import { useObservable } from './lib/use-observable';
import { SyncLoaderContext } from './shared-ui/sync-context';

// The account's sync is a chunk of its own, loaded when the account screen opens (or at start-up
// when an account is stored, main.tsx).
const loadSync = () => import('./shell/sync-loader').then((m) => m.loadAppSync());

// Loaded only when audio actually waits for a gesture: its button is not initial JS (README budget).
const TapToStart = lazy(() =>
  import('./shell/TapToStart').then((m) => ({ default: m.TapToStart })),
);

// Minutes on the face, counted wherever the player is (issue 24); not initial JS.
const PracticeRecorder = lazy(() =>
  import('./companion/PracticeRecorder').then((m) => ({ default: m.PracticeRecorder })),
);

function TapToStartWhenSuspended() {
  const status = useObservable(usePitchService().status);
  if (status.state !== 'suspended') return null;
  return (
    <Suspense fallback={null}>
      <TapToStart />
    </Suspense>
  );
}

/** The root view: routes, the shared SVG gradient and the "Tap to start listening" affordance. */
export default function App(props: { pitchService: PitchService }) {
  return (
    <PitchServiceProvider service={props.pitchService}>
      <SyncLoaderContext.Provider value={loadSync}>
        <IonApp>
          <PitchGradientDefs />
          {/* Opt in to React Router 7's behaviour now (silences its dev warnings; e2e-tested). */}
          <IonReactRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
            <AppHistoryLedger />
            <IonRouterOutlet>
              <Route path="/home/*" element={<HomeTabs />} />
              <Route path="/" element={<Navigate to="/home" replace />} />
              {/* An unknown path lands on the app, not on a blank screen. */}
              <Route path="*" element={<Navigate to="/home" replace />} />
            </IonRouterOutlet>
          </IonReactRouter>
          <TapToStartWhenSuspended />
          <Suspense fallback={null}>
            <PracticeRecorder />
          </Suspense>
        </IonApp>
      </SyncLoaderContext.Provider>
    </PitchServiceProvider>
  );
}
