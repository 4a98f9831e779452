import { IonButton } from '@ionic/react';
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

/** The floating bar: Record (while listening or recording), Takes, and the last message. */
export default function TakesDock(props: { source: TakeSource }) {
  const service = usePitchService();
  const recorder = getTakeRecorder(service);
  const status = useObservable(service.status);
  const state = useObservable(recorder.state);
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const listening = status.state === 'connected';
  const showRecord = listening || state.state !== 'idle';
  const message = state.state === 'idle' ? state.message : undefined;
  return (
    <>
      {/* Room at the end of the page so the floating bar never covers the last control. */}
      <div className="takes-dock-spacer" aria-hidden="true" />
      <div slot="fixed" className="takes-dock" data-testid="takes-dock">
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
          {showRecord && (
            <RecordButton service={service} recorder={recorder} source={props.source} />
          )}
        </div>
      </div>
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
