import { IonButton, IonButtons } from '@ionic/react';
import { Suspense, useState } from 'react';
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
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const listening = status.state === 'connected';
  const showRecord = listening || state.state !== 'idle';
  const message = state.state === 'idle' ? state.message : undefined;
  const openTakes = (
    <IonButton
      fill="outline"
      data-testid="open-takes"
      onClick={() => {
        setRequested(true);
        setOpen(true);
      }}
    >
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
      {requested && (
        <PanelBoundary name="Takes">
          <Suspense fallback={null}>
            <TakesModal isOpen={open} onClose={() => setOpen(false)} />
          </Suspense>
        </PanelBoundary>
      )}
    </>
  );
}
