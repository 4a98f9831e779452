import { IonButton, IonButtons } from '@ionic/react';
import { Suspense, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useObservable } from '../lib/use-observable';
import { usePitchService } from '../shared-ui/pitch-service-context';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { lazyWithRetry } from '../shared-ui/lazy-retry';
import { RecordButton } from './RecordButton';
import { getTakeRecorder } from './take-controller';
import type { TakeSource } from './take-format';
import './takes.css';

const TakesModal = lazyWithRetry(() => import('./TakesModal'));

/**
 * The takes screen is part of the URL (`?takes` on the page it was opened from), so a link opens
 * it, the browser's Back and Android's back button close it (issue 20: a route for every screen).
 */
export const TAKES_PARAM = 'takes';

/**
 * Record (while listening or recording), Takes, and the last message. 'bar': a strip in the page's
 * flow below its content, above the tab bar, so it never covers a control (issue 23: a floating
 * dock hid Finish and the live read-out). 'compact': one control for a header toolbar while an
 * exercise is on screen: Record/Stop while listening, else Takes.
 */
export default function TakesDock(props: { source: TakeSource; variant: 'bar' | 'compact' }) {
  const service = usePitchService();
  const recorder = getTakeRecorder(service);
  const status = useObservable(service.status);
  const state = useObservable(recorder.state);
  const location = useLocation();
  const navigate = useNavigate();
  // The tab this dock lives on: Ionic keeps other tabs' pages mounted, and only the dock of the
  // page on screen may open the screen.
  const [tabPath] = useState(() => location.pathname.split('/').slice(0, 3).join('/'));
  const open =
    new URLSearchParams(location.search).has(TAKES_PARAM) && location.pathname.startsWith(tabPath);
  const pushed = useRef(false);
  const [requested, setRequested] = useState(open);
  const show = (): void => {
    setRequested(true);
    pushed.current = true;
    navigate({ pathname: location.pathname, search: `?${TAKES_PARAM}` });
  };
  const hide = (): void => {
    // Closed by Back already (the URL lost the parameter first): nothing to undo.
    if (!open) return;
    if (pushed.current) navigate(-1);
    else navigate({ pathname: location.pathname, search: '' }, { replace: true });
    pushed.current = false;
  };
  const listening = status.state === 'connected';
  const showRecord = listening || state.state !== 'idle';
  const message = state.state === 'idle' ? state.message : undefined;
  const openTakes = (
    <IonButton fill="outline" data-testid="open-takes" onClick={show}>
      Takes
    </IonButton>
  );
  const record = showRecord && (
    <RecordButton
      service={service}
      recorder={recorder}
      source={props.source}
      compact={props.variant === 'compact'}
    />
  );
  return (
    <>
      {props.variant === 'compact' ? (
        <IonButtons slot="end" className="takes-dock--compact" data-testid="takes-dock-compact">
          {record || openTakes}
          {/* Said to screen readers now; shown in full on the next screen with the bar. */}
          {message && (
            <span className="takes-dock__said" role="status">
              {message}
            </span>
          )}
        </IonButtons>
      ) : (
        <div className="takes-dock" data-testid="takes-dock">
          {message && (
            <p
              className={`takes-dock__message takes-dock__message--${state.state === 'idle' ? (state.tone ?? 'info') : 'info'}`}
              role="status"
              data-testid="record-message"
            >
              {message}
            </p>
          )}
          <div className="takes-dock__buttons">
            {openTakes}
            {record}
          </div>
        </div>
      )}
      {(requested || open) && (
        <PanelBoundary name="Takes">
          <Suspense fallback={null}>
            <TakesModal isOpen={open} onClose={hide} />
          </Suspense>
        </PanelBoundary>
      )}
    </>
  );
}
